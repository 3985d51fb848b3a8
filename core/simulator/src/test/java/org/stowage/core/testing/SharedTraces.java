package org.stowage.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the shared real traces are: {@code -Dstowage.traces=DIR} if set, else the first
 * {@code shared/traces} found walking up from the working directory (the repository's
 * {@code ../shared/traces}, which CI provides). Tests that need them skip with the path tried.
 */
public final class SharedTraces {
    /** System property naming the shared traces folder, overriding the search. */
    public static final String PROPERTY = "stowage.traces";

    private SharedTraces() {
    }

    /** The folder, or the path that was tried last when none exists (for the skip message). */
    public static Path folder() {
        final String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        Path tried = null;
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            tried = dir.resolve("shared").resolve("traces");
            if (Files.isDirectory(tried)) {
                return tried;
            }
        }
        return tried;
    }

    /** The Google 2011 task_events directory, or null when it is absent. */
    public static Path googleTaskEvents() {
        final Path folder = folder();
        final Path taskEvents = folder == null ? null : folder.resolve("google-2011").resolve("task_events");
        return taskEvents != null && Files.isDirectory(taskEvents) ? taskEvents : null;
    }
}
