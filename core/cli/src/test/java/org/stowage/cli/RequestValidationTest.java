package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23's examples, one per root cause, each answered as the README promises: one line naming the
 * flags and values, exit code 2, nothing run and nothing written.
 */
class RequestValidationTest {
    private static final long ONE_GIB = 1L << 30;

    private final CliSession cli = CliSession.withHeap(ONE_GIB);

    @TempDir
    Path temp;

    private int run(final String... args) {
        return cli.run(args);
    }

    /** Exit 2, exactly {@code expected} on standard error, nothing printed, nothing under {@code temp}. */
    private void assertRefused(final String expected, final String... args) throws IOException {
        assertEquals(2, run(args), String.join(" ", args) + ": " + cli.transcript());
        assertEquals(expected + System.lineSeparator(), cli.err(), String.join(" ", args));
        assertEquals("", cli.out(), "nothing ran: " + String.join(" ", args));
        try (var written = Files.list(temp)) {
            assertFalse(written.anyMatch(path -> path.getFileName().toString().startsWith("out")),
                "nothing written: " + String.join(" ", args));
        }
    }

    private static String[] concat(final String[] first, final String... rest) {
        final String[] all = Arrays.copyOf(first, first.length + rest.length);
        System.arraycopy(rest, 0, all, first.length, rest.length);
        return all;
    }

    private String outDir() {
        return temp.resolve("out").toString();
    }

    // ---- root cause 1: every (kernel, workload) pair is checked up front, in the flags' words ----

    @Test
    void aRunChecksEverySchedulerBeforeTheFirstRuns() throws IOException {
        final String[] fig1b = {"run", "--servers", "10x10", "--sizes", "discrete:2@2,5@1", "--lambda", "31.2",
            "--horizon", "50", "--out", outDir()};
        assertRefused("stowage run: invalid value for --scheduler: 'RMS' runs in continuous time only, and --time-mode"
            + " 'slotted' (the default) is not (use --time-mode continuous)", concat(fig1b, "--scheduler", "BF-J,RMS",
            "--service", "geometric:2"));
        assertRefused("stowage run: invalid value for --scheduler: invalid value for parameter eps of RMS: '1' (a number"
            + " in (0.0, 1.0))", concat(fig1b, "--scheduler", "BF-J,RMS:eps=1", "--time-mode", "continuous",
            "--service", "exponential:1"));
        assertRefused("stowage run: invalid value for --scheduler: 'RMS' needs discrete job types (every job of a type"
            + " has one exact size), and --sizes 'uniform:0.1,0.9' (the default) has none (use --sizes"
            + " discrete:SIZE@WEIGHT,... or ec2)", "run", "--scheduler", "BF-J,RMS", "--time-mode", "continuous",
            "--service", "exponential:1", "--out", outDir());
        for (final String kernel : new String[] {"MWR", "RMS+JSQ"}) {
            assertRefused("stowage run: invalid value for --scheduler: '" + kernel + "' needs discrete job types (every"
                + " job of a type has one exact size), and --sizes 'truncnormal:0.5:0.2@1' has none (use --sizes"
                + " discrete:SIZE@WEIGHT,... or ec2)", "run", "--scheduler", "BF-J," + kernel, "--sizes",
                "truncnormal:0.5:0.2@1", "--time-mode", "continuous", "--service", "exponential:1", "--out", outDir());
        }
        assertRefused("stowage run: invalid value for --scheduler: 'VQS' handles 1 resource, and --sizes"
            + " 'uniform:0.1/0.1,0.2/0.2' has 2", "run", "--scheduler", "VQS", "--sizes", "uniform:0.1/0.1,0.2/0.2",
            "--servers", "2x1/1", "--out", outDir());
        assertRefused("stowage run: invalid value for --scheduler: 'VQS' needs server capacities that differ by powers"
            + " of 2, and --servers '2x1.0,3x0.3' has capacity 0.3 beside 1.0", "run", "--scheduler", "VQS",
            "--servers", "2x1.0,3x0.3", "--out", outDir());
        assertRefused("stowage run: invalid value for --scheduler: 'VQS:J=3' does not run on --servers '1x1.0,1x0.125'"
            + " with --sizes 'uniform:0.1,0.9' (the default): VQS:J=3 supports capacities down to the largest / 2^(J -"
            + " 2) = largest / 2^1: server 1 has the largest / 2^3 (125000 of 1000000 units); raise J", "run",
            "--scheduler", "VQS:J=3", "--servers", "1x1.0,1x0.125", "--out", outDir());
        assertRefused("stowage run: invalid value for --scheduler: 'LoTES' plans from the job classes and arrival rates"
            + " of generated jobs, and --arrivals 'batch:10' gives none", "run", "--scheduler", "LoTES", "--arrivals",
            "batch:10", "--out", outDir());
    }

    @Test
    void aSweepChecksItsWholeGridBeforeWritingAnything() throws IOException {
        assertRefused("stowage sweep: invalid value for --scheduler: 'RMS' runs in continuous time only, and --vary"
            + " time-mode=slotted is not (use --time-mode continuous)", "sweep", "--scheduler", "BF-J,RMS", "--sizes",
            "discrete:0.2@1", "--service", "geometric:2", "--vary", "time-mode=continuous,slotted", "--horizon", "50",
            "--out", outDir());
        assertRefused("stowage sweep: invalid value for --scheduler: 'MWR' needs discrete job types (every job of a type"
            + " has one exact size), and --vary sizes=uniform:0.1,0.2 has none (use --sizes discrete:SIZE@WEIGHT,... or"
            + " ec2)", "sweep", "--scheduler", "MWR", "--time-mode", "continuous", "--service", "exponential:1",
            "--vary", "sizes=discrete:0.2@1;uniform:0.1,0.2", "--horizon", "50", "--out", outDir());
    }

    @Test
    void aReproductionReadsItsTraceBeforeWritingAnything() throws IOException {
        final Path empty = Files.createDirectories(temp.resolve("empty"));
        assertRefused("stowage reproduce: invalid value for --trace '" + empty + "': " + empty + ": directory has no .csv"
            + " or .csv.gz files", "reproduce", "fig5", "--trace", empty.toString(), "--quick", "--out", outDir());
        assertRefused("stowage reproduce: invalid value for --threads: 100000 (must be in [1, 1024])", "reproduce",
            "djsf-fig1", "--threads", "100000", "--out", outDir());
    }

    // ---- root cause 4: every file describes what ran ----

    @Test
    void aSweepRefusesAxesThatWouldMisstateWhatRan() throws IOException {
        assertRefused("stowage sweep: invalid value for --vary: 'intensity=0.6' varies intensity a second time (give one"
            + " --vary intensity=... with every value)", "sweep", "--vary", "intensity=0.5", "--vary", "intensity=0.6",
            "--out", outDir());
        assertRefused("stowage sweep: invalid value for --vary: 'intensity=0.5,0.6,0.5' gives 0.5 twice", "sweep",
            "--vary", "intensity=0.5,0.6,0.5", "--out", outDir());
        assertRefused("stowage sweep: --intensity 0.9 and --vary lambda=0.05 exclude each other: give one", "sweep",
            "--intensity", "0.9", "--vary", "lambda=0.05", "--out", outDir());
        assertRefused("stowage sweep: --intensity 0.9 and --vary intensity both set intensity: give one (the axis sets it"
            + " at every point)", "sweep", "--intensity", "0.9", "--vary", "intensity=0.5,0.6", "--out", outDir());
        assertRefused("stowage sweep: --scheduler VQS:J=5 and --vary scheduler.J both set J: give one (the axis sets it"
            + " at every point)", "sweep", "--scheduler", "VQS:J=5", "--vary", "scheduler.J=4,6", "--out", outDir());
        final Path jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,0.5\n");
        assertRefused("stowage sweep: --vary sizes does not apply with --jobs '" + jobs + "' (the file gives every job)",
            "sweep", "--jobs", jobs.toString(), "--vary", "sizes=uniform:0.1,0.2;uniform:0.2,0.3", "--out", outDir());
    }

    @Test
    void aSweepManifestStatesOnlyWhatEveryPointShares() throws IOException {
        final Path directory = temp.resolve("sweep");
        assertEquals(0, run("sweep", "--vary", "servers=5,10", "--horizon", "2000", "--threads", "1", "--out",
            directory.toString()), cli.err());
        final com.fasterxml.jackson.databind.JsonNode inputs = new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(directory.resolve("manifest.json").toFile()).get("inputs");
        assertFalse(inputs.has("servers"), inputs.toString());
        assertFalse(inputs.has("lambda_used"), "the rate differs with the servers: " + inputs);
        assertEquals("[\"servers\",\"lambda_used\"]", inputs.get("per_point").toString());
        assertEquals(0.95, inputs.get("intensity").asDouble());
    }

    // ---- root cause 5: limits known before running, and what was kept when a resource runs out anyway ----

    @Test
    void aLaterSchedulerRunningOutOfMemoryKeepsTheEarlierResults() throws IOException {
        final Path directory = temp.resolve("kept");
        assertEquals(1, run("run", "--scheduler", "BF-J," + ExhaustingFamily.NAME, "--horizon", "2000", "--out",
            directory.toString()), cli.transcript());
        assertEquals("stowage run: out of memory (Java heap space (" + ExhaustingFamily.NAME + ")) after all: the run"
            + " needed more than the 1.0 GiB this JVM may use; rerun with a larger -Xmx (java -Xmx8g -jar stowage.jar,"
            + " or JAVA_OPTS=-Xmx8g bin/stowage); 1 of 2 schedulers had finished; the results of BF-J are in "
            + directory + " (summary.json says \"complete\": false)" + System.lineSeparator(), cli.err());
        final com.fasterxml.jackson.databind.JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(directory.resolve("summary.json").toFile());
        assertFalse(summary.get("complete").asBoolean());
        assertEquals(1, summary.get("runs").size());
        assertEquals("BF-J", summary.get("runs").get(0).get("scheduler").asText());
        final List<String> rows = Files.readAllLines(directory.resolve("results.csv"));
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("BF-J,verdict,")), rows.toString());
        assertFalse(rows.stream().anyMatch(row -> row.startsWith(ExhaustingFamily.NAME)), rows.toString());
    }

    @Test
    void aJobListIsReadWithTheLimitsOfTheRunItFeeds() throws IOException {
        final Path fractional = Files.writeString(temp.resolve("fractional.csv"), "arrival,duration,r1\n0,4,0.5\n0,2.5,0.25\n");
        assertRefused("stowage run: " + fractional + " line 3, duration (column 2) = '2.5': is not a whole number:"
            + " --time-mode 'slotted' (the default) needs whole slots (use --time-mode continuous)", "run", "--jobs",
            fractional.toString(), "--scheduler", "SJF", "--out", outDir());
        assertEquals(0, run("run", "--jobs", fractional.toString(), "--scheduler", "SJF", "--time-mode", "continuous"),
            cli.err());
        final Path huge = Files.writeString(temp.resolve("huge.csv"), "arrival,duration,r1\n0,4,0.5\n0,1e300,0.25\n");
        assertRefused("stowage run: " + huge + " line 3, duration (column 2) = '1e300': must be below 9007199254740992:"
            + " a simulation's times are exact only up to 2^53", "run", "--jobs", huge.toString(), "--scheduler", "SJF",
            "--time-mode", "continuous", "--out", outDir());
        final Path large = Files.writeString(temp.resolve("large.csv"), "arrival,duration,r1\n0,4,0.5\n0,2,0.75\n");
        assertRefused("stowage run: " + large + " line 3, r1 (column 3) = '0.75': is 750000 units, more than the 500000"
            + " of the largest server on resource 1: no server of --servers '2x0.5' holds it, so it would be rejected",
            "run", "--jobs", large.toString(), "--servers", "2x0.5", "--scheduler", "SJF", "--out", outDir());
    }

    @Test
    void sizesThatNoServerHoldsAreRefusedRatherThanRejectedAtRunTime() throws IOException {
        assertRefused("stowage run: invalid value for --sizes: 'uniform:0.1,0.9': sizes up to 0.9 fit no server of"
            + " --servers '2x0.5'; those jobs would be rejected, never run",
            "run", "--servers", "2x0.5", "--out", outDir());
        assertRefused("stowage run: invalid value for --sizes: 'discrete:0.2/0.8@1,0.8/0.8@1': type 1 (size 0.8/0.8)"
            + " fits no server of --servers '1x1/0.5,1x0.5/1'; its jobs would be rejected, never run", "run",
            "--sizes", "discrete:0.2/0.8@1,0.8/0.8@1", "--servers", "1x1/0.5,1x0.5/1", "--out", outDir());
        assertRefused("stowage run: invalid value for --servers: 'google2011:0': machine count must be >= 1: 0",
            "run", "--servers", "google2011:0", "--out", outDir());
    }

    // ---- root cause 3: an option that does not apply is refused, naming both options ----

    @Test
    void valuesThatWouldBeChangedOrIgnoredAreRefused() throws IOException {
        assertRefused("stowage run: invalid value for --horizon: 2.5 (slotted time counts whole slots; a fraction would"
            + " be cut; --time-mode continuous takes any time)", "run", "--horizon", "2.5", "--out", outDir());
        assertRefused("stowage sweep: invalid value for --warmup: 10.5 (slotted time counts whole slots; a fraction would"
            + " be cut; --time-mode continuous takes any time)", "sweep", "--horizon", "100", "--warmup", "10.5",
            "--vary", "intensity=0.5,0.6", "--out", outDir());
        assertEquals(0, run("run", "--horizon", "2.5", "--time-mode", "continuous", "--service", "exponential:1",
            "--scheduler", "BF-J"), cli.err());
        final Path trace = Files.createDirectories(temp.resolve("trace"));
        assertRefused("stowage reproduce: invalid value for --trace: '" + trace + "': fig3a reads no trace (the figures"
            + " that do: fig5, 2018-fig8, lotes-fig8, lotes-fig9, lotes-fig10, djsf-fig8, djsf-fig9, djsf-fig10,"
            + " djsf-fig11, djsf-fig12, djsf-table3, djsf-table4, djsf-table5, djsf-jobs, fgd-fig7-9a, fgd-fig11,"
            + " fgd-fig12, fgd-fig13, fgd-fig14)", "reproduce", "fig3a", "--quick",
            "--trace", trace.toString(), "--out", outDir());
    }

    @Test
    void optionsThatDoNotApplyAreRefusedNamingBoth() throws IOException {
        assertRefused("stowage run: --intensity-basis does not apply with --lambda 0.05 (the basis says how --intensity"
            + " sets the arrival rate)", "run", "--intensity-basis", "lambda-star", "--lambda", "0.05", "--out", outDir());
        assertRefused("stowage run: --google-rule applies to --trace only; without a trace the jobs are generated"
            + " (--sizes, --arrivals, --service)", "run", "--google-rule", "foo", "--out", outDir());
        assertRefused("stowage run: --resources applies to --trace only; without a trace the jobs are generated"
            + " (--sizes, --arrivals, --service)", "run", "--resources", "3", "--out", outDir());
        final Path swf = Files.writeString(temp.resolve("t.swf"), "; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n");
        assertRefused("stowage run: --sizes does not apply with --trace 'swf:" + swf + "' (the trace gives the jobs)",
            "run", "--trace", "swf:" + swf, "--sizes", "uniform:0.1,0.2", "--out", outDir());
        assertRefused("stowage run: --google-rule does not apply with --trace 'swf:" + swf + "' (it applies to"
            + " google2011 traces)", "run", "--trace", "swf:" + swf, "--google-rule", "attempts", "--out", outDir());
        final Path jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,0.5\n");
        for (final String[] option : new String[][] {{"--sizes", "uniform:0.1,0.2"}, {"--arrivals", "batch:3"},
                {"--service", "exponential:1"}}) {
            assertRefused("stowage run: " + option[0] + " does not apply with --jobs '" + jobs + "' (the file gives"
                + " every job)", "run", "--jobs", jobs.toString(), option[0], option[1], "--out", outDir());
        }
        assertRefused("stowage run: --traffic-scaling does not apply with --jobs '" + jobs + "' (it applies to --trace)",
            "run", "--jobs", jobs.toString(), "--traffic-scaling", "2", "--out", outDir());
        assertRefused("stowage run: --intensity 0.5 and --lambda 0.05 exclude each other: give one",
            "run", "--intensity", "0.5", "--lambda", "0.05", "--out", outDir());
        assertRefused("stowage run: --intensity does not apply with --arrivals 'batch:10' (the whole batch arrives at"
            + " time 0)", "run", "--arrivals", "batch:10", "--intensity", "0.5", "--out", outDir());
        assertRefused("stowage trace-summary: --swf-memory-kb applies with --resources 2 only (memory is the second"
            + " resource), not with --resources 1 (the default)", "trace-summary", "swf:" + swf, "--swf-memory-kb", "8");
        assertRefused("stowage trace-summary: --google-rule does not apply with TRACE 'swf:" + swf + "' (it applies to"
            + " google2011 traces)", "trace-summary", "swf:" + swf, "--google-rule", "attempts");
    }

    @Test
    void capacityRefusesOptionsItWouldIgnore() throws IOException {
        assertRefused("stowage capacity: --capacity does not apply with --servers '2x1.0,1x0.5' (it is the capacity of"
            + " each server of a bare count; these servers give their own)", "capacity", "--sizes", "discrete:0.4@1",
            "--servers", "2x1.0,1x0.5", "--capacity", "2");
        assertRefused("stowage capacity: --gap does not apply with --sizes 'discrete:0.4@1' (it refines the bounds of"
            + " uniform sizes)", "capacity", "--sizes", "discrete:0.4@1", "--gap", "0.1");
        assertRefused("stowage capacity: --enumerate does not apply with --sizes 'uniform:0.1,0.9' (it lists the"
            + " configurations of discrete sizes)", "capacity", "--sizes", "uniform:0.1,0.9", "--enumerate");
    }

    @Test
    void defaultsNeverConflict() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,0.5\n");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--scheduler", "SJF", "--time-mode", "continuous"),
            cli.err());
        assertEquals(0, run("run", "--arrivals", "batch:10", "--scheduler", "BF-J"), cli.err());
        assertEquals(0, run("run", "--lambda", "0.05", "--horizon", "100", "--scheduler", "BF-J"), cli.err());
    }
}
