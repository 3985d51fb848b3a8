package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.stowage.docs.DocFiles;

/**
 * Pointers into the repository's docs ({@code docs/RMS.md#claims}) checked against the files: the file
 * exists and has a heading whose GitHub anchor is the pointer's (the anchors as {@link DocFiles} reads them).
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

    /** Fails unless {@code pointer} (a path from the root, {@code #anchor} optional) names a file and heading. */
    public static void assertExists(final String pointer) {
        final int hash = pointer.indexOf('#');
        final Path file = root().resolve(hash < 0 ? pointer : pointer.substring(0, hash));
        assertTrue(Files.isRegularFile(file), pointer + ": no file " + file);
        if (hash < 0) {
            return;
        }
        final String wanted = pointer.substring(hash + 1);
        assertTrue(DocFiles.anchors(file).contains(wanted), pointer + ": no heading with anchor #" + wanted + " in " + file);
    }
}
