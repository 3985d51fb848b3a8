package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The engine and kernels never depend on the theory package, and OR-Tools stays behind one class: checked on
 * the sources, so a stray import fails the build.
 */
class TheoryBoundaryTest {
    private static final Path MAIN = Path.of("src/main/java");

    @Test
    void nothingInTheSimulatorCoreUsesTheTheoryPackage() {
        final List<String> users = filesImporting("import org.stowage.theory.");
        users.removeIf(file -> file.startsWith("org/stowage/theory/"));
        assertTrue(users.contains("org/stowage/cli/CapacityCommand.java"), users.toString());
        for (final String user : users) {
            assertTrue(user.startsWith("org/stowage/cli/") || user.startsWith("org/stowage/reproduce/"),
                "only the applications (cli, reproduce) may use the theory: " + user);
        }
    }

    @Test
    void onlyConfigurationLpTouchesOrTools() {
        assertEquals(List.of("org/stowage/theory/ConfigurationLp.java"), filesImporting("import com.google.ortools"));
    }

    private static List<String> filesImporting(final String prefix) {
        assertTrue(Files.isDirectory(MAIN), "run from the core module: " + MAIN.toAbsolutePath());
        final List<String> result = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (final Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java")).sorted()::iterator) {
                if (Files.readAllLines(file).stream().anyMatch(line -> line.startsWith(prefix))) {
                    result.add(MAIN.relativize(file).toString().replace('\\', '/'));
                }
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }
}
