package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.kernel.ClashingFamily;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.bestfit.BestFitFamily;

/**
 * A jar on the class path that declares a scheduler name Stowage already has: every command that reads the
 * registry refuses in one line naming both families and their places, exit 2, before anything runs. The
 * commands run in a child JVM whose class path adds a directory that lists {@link ClashingFamily} as a
 * kernel family (the registry is loaded once per JVM).
 */
class KernelRegistryCliTest {
    @TempDir
    Path temp;

    @Test
    void aClashingFamilyStopsEveryCommandThatReadsTheRegistryInOneLine() throws IOException, InterruptedException {
        final Path extra = temp.resolve("extra");
        final Path services = extra.resolve("META-INF/services/" + KernelFamily.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, ClashingFamily.class.getName() + "\n");
        final String clash = "scheduler name 'FIFO-FF' is declared twice: by kernel family 'bestfit' ("
            + BestFitFamily.class.getName() + " in ";
        final Path out = temp.resolve("out");
        for (final List<String> command : List.of(List.of("schedulers"),
                List.of("run", "--scheduler", "BF-J", "--horizon", "100", "--out", out.toString()),
                List.of("sweep", "--vary", "intensity=0.5,0.6", "--horizon", "100", "--out", out.toString()))) {
            final Process process = start(extra, command);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "exits");
            final String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            final String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, process.exitValue(), command + ": " + stderr);
            assertEquals("", stdout, command.toString());
            final String[] lines = stderr.split(System.lineSeparator());
            assertEquals(1, lines.length, stderr);
            assertTrue(lines[0].startsWith("stowage " + command.get(0) + ": " + clash), lines[0]);
            assertTrue(lines[0].contains(" and by 'clashing' (" + ClashingFamily.class.getName() + " in "), lines[0]);
            assertTrue(lines[0].endsWith("; rename one, or take one of the jars off the class path"), lines[0]);
        }
        assertTrue(!Files.exists(out), "nothing written");
    }

    private static Process start(final Path extra, final List<String> args) throws IOException {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp",
            System.getProperty("java.class.path") + File.pathSeparator + extra, StowageCli.class.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).start();
    }
}
