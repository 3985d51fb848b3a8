package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code STOWAGE_CLASSPATH}: every entry a jar or a folder, or one line naming the one that is not. */
class KernelJarsTest {
    @TempDir
    Path temp;

    private Path jar(final String name) throws IOException {
        final Path jar = temp.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/empty"));
        }
        return jar;
    }

    @Test
    void jarsFoldersAndWildcardsAreReadFromTheWorkingDirectory() throws IOException {
        final Path kernels = jar("kernels.jar");
        final Path classes = Files.createDirectories(temp.resolve("classes"));
        Files.createDirectories(temp.resolve("lib"));
        final Path b = Files.copy(kernels, temp.resolve("lib/b.jar"));
        final Path a = Files.copy(kernels, temp.resolve("lib/a.jar"));
        Files.writeString(temp.resolve("lib/notes.txt"), "not a jar, and not matched by lib/*");
        assertEquals(List.of(kernels, classes, a, b), KernelJars.entries("kernels.jar::classes:lib/*:", temp));
        assertEquals(List.of(), KernelJars.entries(null, temp));
        assertEquals(List.of(), KernelJars.entries("", temp));
    }

    @Test
    void anEntryThatDoesNotExistIsRefusedNamingThePathItWasReadAs() {
        assertEquals("STOWAGE_CLASSPATH entry 'target/my-kernel.jar' does not exist: " + temp.resolve("target/my-kernel.jar"),
            refusal("target/my-kernel.jar"));
    }

    @Test
    void aFileThatIsNoJarIsRefused() throws IOException {
        Files.writeString(temp.resolve("README.md"), "# my kernel\n");
        Files.writeString(temp.resolve("empty.jar"), "");
        jar("ok.jar");
        assertEquals("STOWAGE_CLASSPATH entry 'README.md' is neither a jar nor a folder: " + temp.resolve("README.md")
            + " is not a zip file", refusal("ok.jar:README.md"));
        assertEquals("STOWAGE_CLASSPATH entry 'empty.jar' is neither a jar nor a folder: " + temp.resolve("empty.jar")
            + " is not a zip file", refusal("empty.jar"));
    }

    @Test
    void aWildcardOverNothingIsRefused() throws IOException {
        Files.createDirectories(temp.resolve("empty"));
        assertEquals("STOWAGE_CLASSPATH entry 'empty/*' matches no jar in " + temp.resolve("empty"), refusal("empty/*"));
        assertEquals("STOWAGE_CLASSPATH entry 'nowhere/*' names no folder: " + temp.resolve("nowhere") + " does not exist",
            refusal("nowhere/*"));
    }

    private String refusal(final String value) {
        return assertThrows(IllegalArgumentException.class, () -> KernelJars.entries(value, temp)).getMessage();
    }
}
