package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Pointers into the repository's docs ({@code docs/RMS.md#some-section}) checked against the files: the file
 * exists and has a heading whose GitHub anchor is the pointer's.
 */
public final class DocAnchors {
    private DocAnchors() {
    }

    /** The repository's root: the first directory above the working one with README.md and core/. */
    public static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("core"))) {
                return dir;
            }
        }
        throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String anchor(final String heading) {
        final StringBuilder anchor = new StringBuilder();
        for (final char c : heading.strip().toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                anchor.append(c);
            } else if (c == ' ') {
                anchor.append('-');
            }
        }
        return anchor.toString();
    }

    /** Fails unless {@code pointer} (a path from the root, {@code #anchor} optional) names a file and heading. */
    public static void assertExists(final String pointer) {
        final int hash = pointer.indexOf('#');
        final Path file = root().resolve(hash < 0 ? pointer : pointer.substring(0, hash));
        assertTrue(Files.isRegularFile(file), pointer + ": no file " + file);
        if (hash < 0) {
            return;
        }
        final String wanted = pointer.substring(hash + 1);
        try {
            for (final String line : Files.readAllLines(file)) {
                if (line.startsWith("#") && anchor(line.replaceFirst("^#+", "")).equals(wanted)) {
                    return;
                }
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError(pointer + ": no heading with anchor #" + wanted + " in " + file);
    }
}
