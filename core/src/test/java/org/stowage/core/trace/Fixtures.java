package org.stowage.core.trace;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the hand-written fixtures (test resources) and the shared real traces are. */
final class Fixtures {
    /** System property naming the shared traces folder, overriding the search. */
    static final String TRACES_PROPERTY = "stowage.traces";

    private Fixtures() {
    }

    /** A fixture under {@code core/src/test/resources/traces}. */
    static Path path(final String relative) {
        final URL url = Fixtures.class.getResource("/traces/" + relative);
        if (url == null) {
            throw new IllegalStateException("missing test fixture traces/" + relative);
        }
        try {
            return Path.of(url.toURI());
        } catch (final URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The shared real traces: {@code -Dstowage.traces=DIR} if set, else the first {@code shared/traces}
     * found walking up from the working directory (the repository's {@code ../shared/traces}).
     *
     * @return the folder, or the path that was tried last when none exists (for the skip message)
     */
    static Path sharedTraces() {
        final String property = System.getProperty(TRACES_PROPERTY);
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
}
