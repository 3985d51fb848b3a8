package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --scheduler LoTES --jobs FILE}: the job classes are k-means classes of the list's first 4 hours
 * (its times read as seconds; {@code --classes} as for traces) and the plan is solved before the table header;
 * a list the classes cannot be made from, a class column LoTES would replace and a job no machine holds are
 * refused in one line naming {@code --jobs} and the file, exit 2, before any output. {@code sweep} takes the
 * same path.
 */
class LotesOnJobListTest {
    private final CliSession cli = CliSession.withThisHeap();

    @TempDir
    Path temp;

    private int run(final String... args) {
        return cli.run(args);
    }

    /** {@code jobs} jobs, one every 30 s, durations 1 to 120 minutes, two resources of 0.01 to 0.21. */
    private Path jobList(final String name, final int jobs) throws IOException {
        final SplittableRandom random = new SplittableRandom(21);
        final StringBuilder text = new StringBuilder("arrival,duration,r1,r2\n");
        for (int i = 0; i < jobs; i++) {
            text.append(String.format(Locale.ROOT, "%d,%d,%.4f,%.4f%n", 30 * i, 60 * (1 + random.nextInt(120)),
                0.01 + 0.2 * random.nextDouble(), 0.01 + 0.2 * random.nextDouble()));
        }
        return Files.writeString(temp.resolve(name), text.toString());
    }

    @Test
    void lotesRunsOnAJobListWithKMeansClassesAndItsPlanBeforeTheTable() throws IOException {
        final Path jobs = jobList("jobs.csv", 300);
        assertEquals(0, run("run", "--servers", "google2011:1", "--jobs", jobs.toString(), "--time-mode", "continuous",
            "--scheduler", "LoTES,Greedy"), cli.err());
        final String[] lines = cli.out().split("\n");
        assertTrue(lines[0].contains(", classes kmeans:k=4,train=4h (list times read as seconds), LoTES lambda* "),
            lines[0]);
        assertTrue(lines[0].contains(" bins"), lines[0]);
        assertTrue(lines[2].startsWith("scheduler"), "the table's header comes after the description: " + lines[2]);
        final String[] lotes = lines[4].trim().split("\\s+");
        final String[] greedy = lines[5].trim().split("\\s+");
        assertEquals("LoTES", lotes[0], lines[4]);
        assertEquals("Greedy", greedy[0], lines[5]);
        assertEquals("300", lotes[1], "every job arrives: " + lines[4]);
        assertEquals("300", lotes[2], "and every job is done (a class no machine serves would wait forever): "
            + lines[4]);
        assertEquals(lotes[1], greedy[1], "both see the same jobs");
    }

    @Test
    void theTrainingWindowAndKChangeThePlan() throws IOException {
        final Path jobs = jobList("jobs.csv", 300);
        assertEquals(0, run("run", "--servers", "google2011:1", "--jobs", jobs.toString(), "--time-mode", "continuous",
            "--scheduler", "LoTES"), cli.err());
        final String whole = cli.out().lines().findFirst().orElseThrow();
        assertEquals(0, run("run", "--servers", "google2011:1", "--jobs", jobs.toString(), "--time-mode", "continuous",
            "--scheduler", "LoTES", "--classes", "kmeans:k=2,train=30m"), cli.err());
        final String short2 = cli.out().lines().findFirst().orElseThrow();
        assertTrue(short2.contains("classes kmeans:k=2,train=30m"), short2);
        assertTrue(!lambdaStar(whole).equals(lambdaStar(short2)), "k = 2 on the first 60 jobs plans otherwise: "
            + whole + " / " + short2);
        assertEquals(0, run("run", "--servers", "google2011:1", "--jobs", jobs.toString(), "--time-mode", "continuous",
            "--scheduler", "LoTES", "--classes", "kmeans:k=2,train=30m"), cli.err());
        assertEquals(short2, cli.out().lines().findFirst().orElseThrow(), "same inputs, same plan");
    }

    private static String lambdaStar(final String description) {
        final int at = description.indexOf("lambda* ");
        return description.substring(at, description.indexOf(' ', at + 8));
    }

    @Test
    void aSweepOverAJobListPlansLotesToo() throws IOException {
        final Path jobs = jobList("jobs.csv", 120);
        assertEquals(0, run("sweep", "--jobs", jobs.toString(), "--time-mode",
            "continuous", "--scheduler", "LoTES,Greedy", "--vary", "servers=google2011:1,google2011:2", "--out",
            temp.resolve("sweep").toString()), cli.err());
        assertTrue(Files.readString(temp.resolve("sweep").resolve("results.csv")).contains("LoTES"),
            "the sweep ran LoTES");
    }

    @Test
    void everyRefusalIsOneLineNamingTheFileBeforeAnyOutput() throws IOException {
        final Path three = jobList("three.csv", 3);
        assertRefused("stowage run: invalid value for --jobs: '" + three + "': LoTES's job classes (--classes"
            + " kmeans:k=4,train=4h) cannot be made: k-means: 3 training jobs for 4 classes", "--jobs", three.toString(),
            "--scheduler", "Greedy,LoTES");
        final Path same = Files.writeString(temp.resolve("same.csv"), "arrival,duration,r1,r2\n" + "0,10,0.1,0.1\n"
            .repeat(6));
        assertRefused("stowage run: invalid value for --jobs: '" + same + "': LoTES's job classes (--classes"
            + " kmeans:k=4,train=4h) cannot be made: k-means: the 6 training jobs have 1 distinct feature vector(s)"
            + " (requests and duration) for 4 classes", "--jobs", same.toString(), "--scheduler", "LoTES");
        final Path late = jobList("late.csv", 300);
        assertRefused("stowage run: invalid value for --jobs: '" + late + "': LoTES's job classes (--classes"
            + " kmeans:train=1m) cannot be made: k-means: 2 training jobs for 4 classes", "--jobs", late.toString(),
            "--scheduler", "LoTES", "--classes", "kmeans:train=1m");
        final Path classes = Files.writeString(temp.resolve("classes.csv"), "arrival,duration,r1,r2,class\n"
            + "0,10,0.1,0.1,0\n5,20,0.2,0.1,3\n");
        assertRefused("stowage run: invalid value for --jobs: '" + classes + "': the job arriving at 5.0 has class 3,"
            + " but LoTES makes its job classes by k-means (--classes) and would replace the file's; drop the class"
            + " column to run LoTES", "--jobs", classes.toString(), "--scheduler", "LoTES");
        final Path large = Files.writeString(temp.resolve("large.csv"), "arrival,duration,r1,r2\n0,10,0.1,0.1\n"
            + "5,20,2,0.1\n");
        assertRefused("stowage run: " + large + " line 3, r1 (column 3) = '2': is 2000000 units, more than the 1000000"
            + " of the largest server on resource 1: no server of --servers 'google2011:1' holds it, so it would be"
            + " rejected", "--jobs", large.toString(),
            "--scheduler", "LoTES");
        final Path jobs = jobList("jobs.csv", 50);
        assertRefused("stowage run: invalid value for --classes: 'kmeans:k=4,train=4d' (kmeans:k=K,train=DURATION,"
            + " e.g. kmeans:k=4,train=4h)", "--jobs", jobs.toString(), "--scheduler", "LoTES", "--classes",
            "kmeans:k=4,train=4d");
        assertRefused("stowage run: --classes applies only when a scheduler reads a LoTES plan (LoTES)",
            "--jobs", jobs.toString(), "--scheduler", "Greedy", "--classes", "kmeans:k=2");
        assertRefused("stowage run: --classes applies to --trace and --jobs only; generated jobs bring their classes"
            + " (--sizes)", "--scheduler", "LoTES", "--classes", "kmeans:k=2", "--sizes", "truncnormal:0.5:0.03/0.02@1");
    }

    private void assertRefused(final String message, final String... args) {
        final String[] full = new String[args.length + 5];
        System.arraycopy(new String[] {"run", "--servers", "google2011:1", "--time-mode", "continuous"}, 0, full, 0, 5);
        System.arraycopy(args, 0, full, 5, args.length);
        assertEquals(2, run(full), cli.err());
        assertEquals("", cli.out());
        assertEquals(message, cli.err().strip());
    }
}
