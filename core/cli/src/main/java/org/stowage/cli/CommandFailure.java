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

    /**
     * The one-line report of an OutOfMemoryError in a run the estimate let through; the command's handler adds
     * what was kept.
     */
    static CommandFailure outOfMemory(final OutOfMemoryError error, final long heap) {
        return new CommandFailure("out of memory (" + error.getMessage() + ") after all: the run needed more than the "
            + MemoryCheck.size(heap) + " this JVM may use; rerun with a larger -Xmx (java -Xmx8g -jar stowage.jar, or"
            + " JAVA_OPTS=-Xmx8g bin/stowage)", error);
    }
}
