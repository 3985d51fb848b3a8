package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CapacityCommandTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final String... args) {
        return cli.run(args);
    }

    /** 2019 paper, Sec. VII-A1, with decimal units so that 0.4 + 0.6 fills a server exactly. */
    @Test
    void discreteSizesPrintRhoLambdaAndTheMix() {
        assertEquals(0, run("capacity", "--sizes", "discrete:0.4@1,0.6@1", "--servers", "1", "--resolution", "1000"));
        final String[] lines = cli.out().split("\n");
        assertEquals("sizes discrete:0.4@1,0.6@1, servers 1 x capacity 1.0, mu 0.01, 1000 units per 1.0", lines[0]);
        assertEquals("  type 0: size 0.4 (400 units), p 0.500000", lines[1]);
        assertEquals("  type 1: size 0.6 (600 units), p 0.500000", lines[2]);
        assertEquals("rho*    = 2.000000000   (certified in [2.000000000, 2.000000000], gap 0.0e+00)", lines[3]);
        assertEquals("lambda* = 0.0200000000 jobs per time unit at mu = 0.01", lines[4]);
        assertEquals("optimal mix (average number of servers of the class holding each configuration):", lines[5]);
        assertEquals("  class 0    1.000000 x (1, 1)", lines[6]);
        assertTrue(lines[7].startsWith("column generation: 3 columns (2 initial), 2 LP solves (GLOP), 2 pricing searches"),
            lines[7]);
        assertEquals(8, lines.length, cli.out());
        assertEquals("", cli.err());
    }

    @Test
    void aBinaryResolutionSaysWhyPointFourAndPointSixDoNotPair() {
        assertEquals(0, run("capacity", "--sizes", "discrete:0.4@1,0.6@1", "--servers", "1", "--resolution", "1048576"));
        assertTrue(cli.out().contains("note: size(s) 0.4, 0.6 are not whole units at 1048576 per 1.0"), cli.out());
        assertTrue(cli.out().contains("rho*    = 1.333333333"), cli.out());
        assertEquals(0, run("capacity", "--sizes", "discrete:0.4@1,0.6@1", "--servers", "1"));
        assertTrue(!cli.out().contains("note:"), "decimal default: 0.4 and 0.6 are whole units: " + cli.out());
        assertTrue(cli.out().contains("rho*    = 2.000000000"), cli.out());
    }

    /** 2019 paper, Sec. VII-A2: one server of capacity 10, sizes 2 and 5 in ratio 2:1. */
    @Test
    void capacityTenWithMaximalConfigurations() {
        assertEquals(0, run("capacity", "--sizes", "discrete:2@2,5@1", "--servers", "1", "--capacity", "10", "--maximal",
            "--enumerate"));
        final String text = cli.out();
        assertTrue(text.contains("rho*    = 3.333333333"), text);
        assertTrue(text.contains("lambda* = 0.0333333333 jobs per time unit at mu = 0.01"), text);
        assertTrue(text.contains("  class 0    0.555556 x (0, 2)\n  class 0    0.444444 x (5, 0)\n"), text);
        assertTrue(text.contains("full enumeration: 10 columns (10 initial), 1 LP solves"), text);
        assertTrue(text.contains("maximal configurations of class 0 (3):\n  (5, 0)\n  (2, 1)\n  (0, 2)\n"
            + "  average (2.3333, 1.0000)\n"), text);
    }

    @Test
    void vectorSizesOnHeterogeneousServers() {
        assertEquals(0, run("capacity", "--sizes", "discrete:0.25/0.5@1,0.5/0.125@2", "--servers", "2x1/1,3x0.5/2",
            "--mu", "1"));
        final String text = cli.out();
        assertTrue(text.startsWith("sizes discrete:0.25/0.5@1,0.5/0.125@2, servers 2 x capacity 1.0/1.0 + 3 x capacity "
            + "0.5/2.0, mu 1.0, 1000000 units per 1.0\n  type 0: size 0.25/0.5 (250000/500000 units), p 0.333333\n"), text);
        // Class 0 (1/1) holds (2, 0), (1, 1) or (0, 2); class 1 (0.5/2) holds (2, 0) or (0, 1). All of class 0 in
        // (0, 2) and class 1 split 1.4 : 1.6 serve (2.8, 5.6) = 8.4 * (1/3, 2/3).
        assertTrue(text.contains("rho*    = 8.400000000   (certified in [8.400000000, 8.400000000]"), text);
        assertTrue(text.contains("lambda* = 8.40000000 jobs per time unit at mu = 1.0"), text);
        assertTrue(text.contains("  class 0    2.000000 x (0, 2)\n  class 1    1.600000 x (0, 1)\n"
            + "  class 1    1.400000 x (2, 0)\n"), text);
    }

    /** The shared parser brings run's ec2 sizes and servers to capacity: the 2018 paper's V = (2/3, 11/3, 2/3). */
    @Test
    void ec2SizesOnEc2Servers() {
        assertEquals(0, run("capacity", "--sizes", "ec2", "--servers", "ec2:20", "--maximal"));
        final String text = cli.out();
        assertTrue(text.startsWith("sizes ec2, servers 20 x capacity 1.0/1.0/1.0, mu 0.01"), text);
        assertTrue(text.contains("rho*    = 60.000000000"), text);
        assertTrue(text.contains("maximal configurations of class 0 (6):"), text);
        assertTrue(text.contains("  average (0.6667, 3.6667, 0.6667)\n"), text);
    }

    @Test
    void uniformSizesPrintConvergingBounds() {
        // a binary resolution and grid, so the numbers below are those docs/THEORY.md explains
        assertEquals(0, run("capacity", "--sizes", "uniform:0.1,0.9", "--max-intervals", "32", "--resolution", "1048576",
            "--grid", "4096"));
        final String[] lines = cli.out().split("\n");
        assertEquals("sizes uniform:0.1,0.9, servers 5 x capacity 1.0, mu 0.01, 1048576 units per 1.0, partition grid "
            + "4096 steps per 1.0", lines[0]);
        assertTrue(lines[1].startsWith("intervals     lower rho*     upper rho*   rel. gap"), lines[1]);
        assertTrue(lines[3].startsWith("        8       8.885514      10.000000   1.11e-01"), lines[3]);
        assertTrue(lines[5].startsWith("       32       9.692381      10.000000   3.08e-02"), lines[5]);
        assertEquals("rho*    in [9.692381, 10.000000] with 32 intervals (relative gap 3.08e-02, above --gap 0.01: "
            + "raise --max-intervals)", lines[6]);
        assertEquals("lambda* in [0.0969238, 0.100000] jobs per time unit at mu = 0.01", lines[7]);
    }

    @Test
    void badArgumentsExitTwoWithOneLineNamingFlagAndValue() {
        assertOneLineError("stowage capacity: invalid value for --servers: '2x': expected COUNTxCAPACITY, got '2x'",
            "capacity", "--servers", "2x");
        assertOneLineError("stowage capacity: invalid value for --servers: '0': server count must be >= 1: 0",
            "capacity", "--servers", "0");
        assertOneLineError("stowage capacity: invalid value for --sizes: 'discrete:0.4@1,0.6': expected SIZE@WEIGHT, "
            + "got '0.6'", "capacity", "--sizes", "discrete:0.4@1,0.6");
        assertOneLineError("stowage capacity: invalid value for --sizes: 'discrete:0.4@x': 'x' is not a number",
            "capacity", "--sizes", "discrete:0.4@x");
        assertOneLineError("stowage capacity: invalid value for --sizes: 'gamma:2': unknown size distribution 'gamma' "
            + "(uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... or ec2)", "capacity", "--sizes",
            "gamma:2");
        assertOneLineError("stowage capacity: invalid value for --sizes: 'truncnormal:0.5:0.2@1': capacity takes "
            + "discrete:SIZE@WEIGHT,..., ec2 or uniform:LOW,HIGH, not truncnormal", "capacity", "--sizes",
            "truncnormal:0.5:0.2@1");
        assertOneLineError("stowage capacity: invalid value for --sizes: 'discrete:0.2/0.5@1,0.4@1': type 1 has 1 "
            + "resources, type 0 has 2", "capacity", "--sizes", "discrete:0.2/0.5@1,0.4@1");
        assertOneLineError("stowage capacity: invalid value for --servers: '3': capacities have 1 resources, --sizes has 2",
            "capacity", "--sizes", "discrete:0.2/0.5@1", "--servers", "3");
        assertOneLineError("stowage capacity: invalid value for --mu: 0.0 (must be finite and > 0)",
            "capacity", "--mu", "0");
        assertOneLineError("stowage capacity: invalid value for --grid: 4096 (must divide --resolution 1000000)",
            "capacity", "--grid", "4096");
        assertOneLineError("stowage capacity: invalid value for --capacity: '1/x': 'x' is not a number",
            "capacity", "--capacity", "1/x");
        assertOneLineError("stowage capacity: invalid value for --lp: 'simplex' (GLOP or CLP)",
            "capacity", "--lp", "simplex");
        assertOneLineError("stowage capacity: Invalid value for option '--mu': 'fast' is not a double",
            "capacity", "--mu", "fast");
    }

    @Test
    void helpHasExamples() {
        assertEquals(0, run("capacity", "--help"));
        assertTrue(cli.out().contains("Examples:"), cli.out());
        assertTrue(cli.out().contains("stowage capacity --sizes uniform:0.1,0.9"), cli.out());
    }

    private void assertOneLineError(final String expected, final String... args) {
        assertEquals(2, run(args), String.join(" ", args) + ": " + cli.transcript());
        assertEquals(expected + System.lineSeparator(), cli.err());
    }
}
