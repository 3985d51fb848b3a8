package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --scheduler LoTES} on a trace: the job classes are k-means classes of the trace's first 4 hours
 * (k = 4, as the trace figures make them; {@code --classes} changes k and the window) and the plan is solved
 * before the table header; a trace too small for the classes and a bad {@code --classes} are refused in one
 * line, exit 2, before any output.
 */
class LotesOnTraceTest {
    private final CliSession cli = CliSession.withThisHeap();

    @TempDir
    Path temp;

    private int run(final String... args) {
        return cli.run(args);
    }

    /** A google2011 task_events file of {@code tasks} tasks (submit, schedule, finish), varied requests and durations. */
    private Path googleTrace(final int tasks) throws IOException {
        final SplittableRandom random = new SplittableRandom(21);
        final TreeMap<Long, String> events = new TreeMap<>();
        for (int task = 0; task < tasks; task++) {
            // distinct timestamps: submit and schedule on even minutes plus the task, finish on odd microseconds
            final long submit = 700_000_000L + task * 60_000_000L;
            final String request = String.format(Locale.ROOT, "%.4f,%.4f", 0.01 + 0.2 * random.nextDouble(),
                0.01 + 0.2 * random.nextDouble());
            final long finish = submit + 60_000_000L * (1 + random.nextInt(120)) + 2L * task + 3;
            events.put(submit, submit + ",," + (200 + task) + ",0,,0,u,0,0," + request + ",0,0\n");
            events.put(submit + 1, (submit + 1) + ",," + (200 + task) + ",0,m1,1,u,0,0," + request + ",0,0\n");
            events.put(finish, finish + ",," + (200 + task) + ",0,m1,4,u,0,0," + request + ",0,0\n");
        }
        final StringBuilder text = new StringBuilder();
        for (final String line : events.values()) {
            text.append(line);
        }
        return Files.writeString(temp.resolve("part-00000-of-00001.csv"), text.toString());
    }

    @Test
    void lotesRunsOnATraceWithKMeansClassesAndItsPlanInTheDescription() throws IOException {
        final Path google = googleTrace(200);
        assertEquals(0, run("run", "--servers", "google2011:1", "--resources", "2", "--google-rule", "attempts",
            "--trace", "google2011:" + google, "--time-mode", "continuous", "--scheduler", "LoTES,Greedy"), cli.err());
        final String[] lines = cli.out().split("\n");
        assertTrue(lines[0].contains(", LoTES lambda* "), lines[0]);
        assertTrue(lines[0].contains(" bins"), lines[0]);
        assertTrue(lines[2].startsWith("scheduler"), "the table's header comes after the description: " + lines[2]);
        final String[] lotes = lines[4].trim().split("\\s+");
        final String[] greedy = lines[5].trim().split("\\s+");
        assertEquals("LoTES", lotes[0], lines[4]);
        assertEquals("Greedy", greedy[0], lines[5]);
        assertEquals("200", lotes[1], "every task arrives: " + lines[4]);
        assertEquals(lotes[1], greedy[1], "both see the same jobs");
    }

    @Test
    void aTraceTooSmallForTheClassesIsRefusedBeforeAnyOutput() throws IOException {
        final Path google = googleTrace(3);
        assertEquals(2, run("run", "--servers", "google2011:1", "--resources", "2", "--trace", "google2011:" + google,
            "--time-mode", "continuous", "--scheduler", "Greedy,LoTES"));
        assertEquals("", cli.out());
        final String message = cli.err().strip();
        assertEquals(1, message.lines().count(), message);
        assertEquals("stowage run: invalid value for --trace: LoTES's job classes (--classes kmeans:k=4,train=4h)"
            + " cannot be made: k-means: 3 training jobs for 4 classes", message);
    }

    @Test
    void classesChangeKAndTheTrainingWindow() throws IOException {
        final Path google = googleTrace(200);
        assertEquals(0, run("run", "--servers", "google2011:1", "--resources", "2", "--trace", "google2011:" + google,
            "--time-mode", "continuous", "--scheduler", "LoTES", "--classes", "kmeans:k=2,train=90m"), cli.err());
        assertTrue(cli.out().lines().findFirst().orElseThrow().contains(", LoTES lambda* "), cli.out());
    }

    @Test
    void badClassesAreRefusedInOneLineBeforeAnyOutput() throws IOException {
        final Path google = googleTrace(200);
        final String trace = "google2011:" + google;
        assertRefused("stowage run: invalid value for --classes: 'kmeans:k=0' (kmeans:k=K,train=DURATION, e.g."
            + " kmeans:k=4,train=4h): k must be in [1, 1000]", "--trace", trace, "--scheduler", "LoTES",
            "--classes", "kmeans:k=0");
        assertRefused("stowage run: invalid value for --classes: 'kmeans:k=4,train=4d' (kmeans:k=K,train=DURATION,"
            + " e.g. kmeans:k=4,train=4h)", "--trace", trace, "--scheduler", "LoTES", "--classes", "kmeans:k=4,train=4d");
        assertRefused("stowage run: invalid value for --classes: 'dbscan' (kmeans:k=K,train=DURATION, e.g."
            + " kmeans:k=4,train=4h)", "--trace", trace, "--scheduler", "LoTES", "--classes", "dbscan");
        assertRefused("stowage run: --classes applies only when a scheduler reads a LoTES plan (LoTES)",
            "--trace", trace, "--scheduler", "Greedy", "--classes", "kmeans:k=2");
    }

    private void assertRefused(final String message, final String... args) {
        final String[] full = new String[args.length + 7];
        System.arraycopy(new String[] {"run", "--servers", "google2011:1", "--resources", "2", "--time-mode",
            "continuous"}, 0, full, 0, 7);
        System.arraycopy(args, 0, full, 7, args.length);
        assertEquals(2, run(full), cli.err());
        assertEquals("", cli.out());
        assertEquals(message, cli.err().strip());
    }
}
