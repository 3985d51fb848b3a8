package org.stowage.cli;

import org.stowage.cli.plan.MemoryCheck;

/**
 * A failure that is not the input's fault but has a plain explanation (memory exhausted despite the
 * up-front estimate): printed as one line, exit code {@link StowageCli#FAILURE}.
 */
final class CommandFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CommandFailure(final String message, final Throwable cause) {
        super(message, cause);
    }

    /** The one-line report of an OutOfMemoryError in a run the estimate let through. */
    static CommandFailure outOfMemory(final OutOfMemoryError error, final long heap) {
        return outOfMemory(error, heap, null);
    }

    /** As {@link #outOfMemory(OutOfMemoryError, long)}, saying what was kept ({@code kept}, or null). */
    static CommandFailure outOfMemory(final OutOfMemoryError error, final long heap, final String kept) {
        return new CommandFailure("out of memory (" + error.getMessage() + ") after all: the run needed more than the "
            + MemoryCheck.size(heap) + " this JVM may use; rerun with a larger -Xmx (java -Xmx8g -jar stowage.jar, or"
            + " JAVA_OPTS=-Xmx8g bin/stowage)" + (kept == null ? "" : "; " + kept), error);
    }
}
