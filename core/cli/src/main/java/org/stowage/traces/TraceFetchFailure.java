package org.stowage.traces;

/**
 * A download that could not be completed for a reason outside the request (an HTTP status, a transfer that
 * stopped, a server that resumed elsewhere): its message is one line saying what happened and what was kept,
 * which the command prints as a failure after work was done.
 */
public final class TraceFetchFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TraceFetchFailure(final String message, final Throwable cause) {
        super(message, cause);
    }
}
