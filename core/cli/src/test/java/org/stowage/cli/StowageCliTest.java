package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class StowageCliTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final String... args) {
        return cli.run(args);
    }

    @Test
    void schedulersListsEveryKernelOfTheRegistryWithItsParameters() {
        assertEquals(0, run("schedulers"));
        for (final org.stowage.core.kernel.KernelDefinition definition : org.stowage.core.kernel.Kernels.definitions()) {
            assertTrue(cli.out().contains(" " + definition.name() + " "), definition.name() + " in\n" + cli.out());
        }
        assertTrue(cli.out().contains("stall="), cli.out());
    }

    @Test
    void runPrintsOneRowPerSchedulerOnTheSameWorkload() {
        assertEquals(0, run("run", "--scheduler", "BF-J/S,BF-S", "--scheduler", "FIFO-FF", "--horizon", "20000",
            "--warmup", "1000"));
        final String[] lines = cli.out().split("\n");
        assertTrue(lines[0].startsWith("5 servers, sizes uniform:0.1,0.9, service geometric:100, arrivals poisson"
            + " intensity 0.95 (lambda 0.0950000)"), lines[0]);
        assertTrue(lines[2].startsWith("scheduler"), lines[2]);
        assertEquals(7, lines.length, cli.out());
        final String arrivedBfjs = lines[4].trim().split("\\s+")[1];
        final String arrivedFifo = lines[6].trim().split("\\s+")[1];
        assertEquals(arrivedBfjs, arrivedFifo, "every scheduler sees the same jobs");
        assertTrue(lines[4].startsWith("BF-J/S "), lines[4]);
        assertEquals("", cli.err());
    }

    @Test
    void badArgumentsExitTwoWithOneLineNamingFlagAndValue() {
        assertOneLineError("stowage run: Invalid value for option '--intensity': 'fast' is not a double",
            "run", "--intensity", "fast");
        assertOneLineError("stowage run: Unknown option: '--bogus'", "run", "--bogus");
        assertOneLineError("stowage run: invalid value for --time-mode: 'sideways' (slotted or continuous)",
            "run", "--time-mode", "sideways");
        assertOneLineError("stowage run: invalid value for --sizes: 'uniform:0.1' : expected uniform:LOW,HIGH"
            .replace("' : ", "': "), "run", "--sizes", "uniform:0.1");
        assertOneLineError("stowage run: invalid value for --service: 'geometric:0.5': geometric mean service must be"
            + " finite and >= 1 slot: 0.5", "run", "--service", "geometric:0.5");
        assertOneLineError("stowage run: invalid value for --servers: '0': server count must be >= 1: 0",
            "run", "--servers", "0");
        assertOneLineError("stowage run: invalid value for --servers: '2x1.0/1.0' has 2 resources but --sizes"
            + " 'uniform:0.1,0.9' has 1", "run", "--servers", "2x1.0/1.0");
        assertOneLineError("stowage run: invalid value for --arrivals: 'burst': expected poisson or batch:N",
            "run", "--arrivals", "burst");
        assertOneLineError("stowage run: invalid value for --sizes: 'truncnormal:0.5:1.2@1': mean size of class 0 on"
            + " resource 0 must be in (0, 1]: 1.2", "run", "--sizes", "truncnormal:0.5:1.2@1");
        assertOneLineError("stowage run: invalid value for --warmup: 5.0E7 (must be in [0, horizon))",
            "run", "--warmup", "50000000");
    }

    @Test
    void unknownSchedulerIsNamedWithTheKnownOnes() {
        assertEquals(2, run("run", "--scheduler", "BF-X"));
        assertTrue(cli.err().startsWith("stowage run: invalid value for --scheduler: unknown scheduler 'BF-X'; known: BF-J,"),
            cli.err());
    }

    /**
     * Golden output of a small fixed run: everything but the wall-clock columns is a function of the
     * inputs. Regenerate deliberately if a kernel or a generator changes on purpose.
     */
    @Test
    void goldenOutputOfASmallFixedRun() {
        assertEquals(0, run("run", "--servers", "1", "--sizes", "discrete:0.4@1,0.6@1", "--lambda", "0.014",
            "--horizon", "200000", "--warmup", "20000", "--seed", "3", "--scheduler", "BF-J/S,FIFO-FF"));
        final String masked = cli.out().lines()
            .map(line -> line.matches("^(BF|FIFO).*") ? line.replaceAll("\\s+\\d+\\s+\\d+$", "  <wall> <jobs/s>") : line)
            .reduce("", (a, b) -> a + b + "\n");
        assertEquals(String.join("\n",
            "1 server, sizes discrete:0.4@1,0.6@1, service geometric:100, arrivals poisson lambda 0.0140000,"
                + " slotted, horizon 200000, warm-up 20000, seed 3",
            "                                                    queue ----- wait ------ --- response ----",
            "scheduler        arrived        done    rejected     mean     mean      p99     mean      p99   util  thruput"
                + " verdict      wall ms   jobs/s",
            "-".repeat(139),
            GOLDEN_BFJS,
            GOLDEN_FIFO,
            ""), masked);
    }

    private static final String GOLDEN_BFJS = "BF-J/S              2862        2862           0    2.467   170.01  1086.00"
        + "   267.99  1215.00 0.7129  0.01452 inconclusive  <wall> <jobs/s>";
    private static final String GOLDEN_FIFO = "FIFO-FF             2862        2862           0    6.931   477.41  2035.00"
        + "   575.27  2151.00 0.7140  0.01455 inconclusive  <wall> <jobs/s>";

    @Test
    void outWritesTidyCsvAndAJsonSummaryThatParseBackWithEveryInput(@TempDir final Path directory) throws IOException {
        final Path target = directory.resolve("nested/out");
        assertEquals(0, run("run", "--scheduler", "BF-J/S", "--scheduler", "FIFO-FF", "--horizon", "20000",
            "--seed", "9", "--out", target.toString()));
        final List<String> rows = Files.readAllLines(target.resolve("results.csv"));
        assertEquals("scheduler,metric,value", rows.get(0));
        assertTrue(rows.contains("BF-J/S,verdict,inconclusive") || rows.contains("BF-J/S,verdict,stable")
            || rows.contains("BF-J/S,verdict,unstable"), rows.toString());
        final long bfjsRows = rows.stream().filter(row -> row.startsWith("BF-J/S,")).count();
        final long fifoRows = rows.stream().filter(row -> row.startsWith("FIFO-FF,")).count();
        assertEquals(bfjsRows, fifoRows, "one row per scheduler and metric");
        for (final String row : rows.subList(1, rows.size())) {
            assertEquals(3, row.split(",", -1).length, row);
        }

        final JsonNode summary = new ObjectMapper().readTree(target.resolve("summary.json").toFile());
        final JsonNode inputs = summary.get("inputs");
        assertEquals(9, inputs.get("seed").asLong());
        assertEquals(20000, inputs.get("horizon").asDouble());
        assertEquals(2000, inputs.get("warmup").asDouble(), "default warm-up is a tenth of the horizon");
        assertEquals(0.95, inputs.get("intensity").asDouble());
        assertEquals("uniform:0.1,0.9", inputs.get("sizes").asText());
        assertEquals(2, summary.get("runs").size());
        final double meanQueue = summary.get("runs").get(0).get("metrics").get("mean_queue").asDouble();
        assertTrue(rows.contains("BF-J/S,mean_queue," + meanQueue), "CSV and JSON agree on mean_queue " + meanQueue);

        // the recorded command repeats the run exactly
        final List<String> command = new ArrayList<>();
        inputs.get("command").forEach(node -> command.add(node.asText()));
        final Path again = directory.resolve("again");
        command.add("--out");
        command.add(again.toString());
        assertEquals(0, run(command.toArray(new String[0])));
        assertArrayEquals(Files.readAllBytes(target.resolve("results.csv")), Files.readAllBytes(again.resolve("results.csv")));
        assertArrayEquals(Files.readAllBytes(target.resolve("series.csv")), Files.readAllBytes(again.resolve("series.csv")));
    }

    @Test
    void theSameCommandTwiceWritesByteIdenticalFiles(@TempDir final Path directory) throws IOException {
        for (final String name : List.of("a", "b")) {
            assertEquals(0, run("run", "--scheduler", "BF-J,BF-S", "--time-mode", "continuous", "--service",
                "exponential:1", "--servers", "3x1.0,2x0.5", "--horizon", "2000", "--out", directory.resolve(name).toString()));
        }
        for (final String file : List.of("results.csv", "series.csv", "summary.json")) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("a").resolve(file)),
                Files.readAllBytes(directory.resolve("b").resolve(file)), file);
        }
    }

    @Test
    void heterogeneousMultiResourceClustersAndBatchesRun() {
        assertEquals(0, run("run", "--servers", "2x1.0/1.0,2x0.5/2.0", "--sizes", "uniform:0.1/0.1,0.5/0.4",
            "--scheduler", "BF-J,FIFO-FF", "--horizon", "5000"), cli.err());
        assertTrue(cli.out().startsWith("4 servers (2x1.0/1.0,2x0.5/2.0), sizes uniform:0.1/0.1,0.5/0.4"), cli.out());
        assertEquals(0, run("run", "--arrivals", "batch:300", "--sizes", "truncnormal:0.5:0.2@1,0.05@2",
            "--scheduler", "BF-J"), cli.err());
        final String row = cli.out().lines().filter(line -> line.startsWith("BF-J ")).findFirst().orElseThrow();
        assertEquals("300", row.trim().split("\\s+")[1], "the whole batch arrives: " + row);
        assertEquals("300", row.trim().split("\\s+")[2], "and completes: " + row);
    }

    /**
     * 2018 paper, Sec. VII-A: EC2 job types on servers of 90 GB, 90 CPU units and 5000 GB; the average of a
     * server's maximal configurations is V = (2/3, 11/3, 2/3), so 20 servers at intensity 0.9 with mean
     * service 1 get lambda = 0.9 * 20 * V = (12, 66, 12).
     */
    /**
     * Tran et al. 2018: LoTES on Table 1's configurations reads its plan from the model, and
     * --intensity-basis lambda-star sets lambda = alpha * lambda*. One class of 0.25 x 0.25 on google2011:1:
     * the bins hold 2, 1, 2, 4, 1, 0, 0, 2, 2, 0 jobs (the 0.12, 0.03 and 0.06 memory machines none), 14 in
     * all at rate 1, so lambda* = 14 and alpha = 0.8 gives 11.2.
     */
    @Test
    void lotesRunsOnGoogle2011AtAFractionOfLambdaStar() {
        assertEquals(0, run("run", "--sizes", "discrete:0.25/0.25@1", "--servers", "google2011:1", "--intensity", "0.8",
            "--intensity-basis", "lambda-star", "--scheduler", "Greedy,LoTES", "--time-mode", "continuous", "--service",
            "exponential:1", "--horizon", "200"), cli.err());
        assertTrue(cli.out().startsWith("10 servers (google2011:1), sizes discrete:0.25/0.25@1, service exponential:1,"
            + " arrivals poisson intensity 0.8 of lambda* (lambda 11.2000)"), cli.out());
        assertTrue(cli.out().contains("LoTES lambda* 14.0000"), cli.out());
        assertTrue(cli.out().contains("\nLoTES "), cli.out());
    }

    @Test
    void intensityFromMaximalConfigurations() {
        assertEquals(0, run("run", "--sizes", "ec2", "--servers", "ec2:20", "--intensity", "0.9", "--intensity-basis",
            "configurations", "--scheduler", "BF-J", "--time-mode", "continuous", "--service", "exponential:1",
            "--horizon", "200"), cli.err());
        assertTrue(cli.out().startsWith("20 servers (ec2:20), sizes ec2, service exponential:1, arrivals poisson"
            + " intensity 0.9 of the configurations (lambda [12.0, 66.0, 12.0] per type)"), cli.out());
        assertOneLineError("stowage run: invalid value for --intensity-basis: 'configurations' needs discrete job types,"
            + " and --sizes 'uniform:0.1,0.9' (the default) has none (use --sizes discrete:SIZE@WEIGHT,... or ec2)",
            "run", "--intensity-basis", "configurations");
    }

    @Test
    void helpHasExamples() {
        assertEquals(0, run("run", "--help"));
        assertTrue(cli.out().contains("Examples:"), cli.out());
    }

    private void assertOneLineError(final String expected, final String... args) {
        assertEquals(2, run(args), String.join(" ", args));
        assertEquals(expected + System.lineSeparator(), cli.err());
    }
}
