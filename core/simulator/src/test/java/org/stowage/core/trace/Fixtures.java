package org.stowage.core.trace;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

import org.stowage.core.testing.SharedTraces;

/** Where the hand-written fixtures (test resources) and the shared real traces are. */
final class Fixtures {
    /** System property naming the shared traces folder, overriding the search. */
    static final String TRACES_PROPERTY = SharedTraces.PROPERTY;

    private Fixtures() {
    }

    /** A fixture under {@code core/simulator/src/test/resources/traces}. */
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

    /** The shared real traces folder (see {@link SharedTraces#folder()}). */
    static Path sharedTraces() {
        return SharedTraces.folder();
    }
}
