package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class TraceSummaryCommandTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final String... args) {
        return cli.run(args);
    }

    private static String fixture(final String relative) {
        try {
            return Path.of(TraceSummaryCommandTest.class.getResource("/traces/" + relative).toURI()).toString();
        } catch (final URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void printsCountsPerReasonSpeedAndTheSlottedWorkload() {
        assertEquals(0, run("trace-summary", "google2011:" + fixture("google/rules")));
        final String text = cli.out();
        assertTrue(text.startsWith("google2011 " + fixture("google/rules") + ": 2 files, 57 rows"), text);
        assertTrue(text.contains("rows/s"), text);
        assertTrue(text.contains("tasks: 22 seen = 4 kept + 18 dropped"), text);
        assertTrue(text.contains("  dropped            2  more than one SUBMIT"), text);
        assertTrue(text.contains("  skipped            1  rows: unknown event type"), text);
        assertTrue(text.contains("slotted workload: 4 jobs, interval 100 ms, traffic scaling 1: arrival slots 0 .. 20,"
            + " mean service 26.50 slots"), text);
        assertEquals("", cli.err());
    }

    @Test
    void trafficScalingIntervalAndResourcesApply() {
        assertEquals(0, run("trace-summary", "google2011:" + fixture("google/rules"), "--traffic-scaling", "2",
            "--interval-ms", "1000", "--resources", "2"));
        final String text = cli.out();
        assertTrue(text.contains("size CPU"), text);
        assertTrue(text.contains("size memory"), text);
        assertTrue(text.contains("interval 1000 ms, traffic scaling 2: arrival slots 0 .. 1, mean service 3.00 slots"),
            text);
    }

    @Test
    void repeatPrintsTheSpeedOfEachLoad() {
        assertEquals(0, run("trace-summary", "swf:" + fixture("swf/rules.swf.txt"), "--repeat", "2"));
        assertTrue(cli.out().startsWith("load 1: 18 rows in "), cli.out());
        assertTrue(cli.out().contains("\nload 2: 18 rows in "), cli.out());
    }

    @Test
    void alibabaPrintsItsServers() {
        assertEquals(0, run("trace-summary", "alibaba:" + fixture("alibaba/rules/pods.csv") + ","
            + fixture("alibaba/rules/nodes.csv"), "--resources", "2"));
        assertTrue(cli.out().contains("servers: 3 from the trace"), cli.out());
    }

    @Test
    void badInputExitsTwoWithOneLineNamingTheFileOrFlag() {
        assertOneLineError("stowage trace-summary: invalid value for TRACE: trace spec 'gogle:x': unknown trace"
            + " format 'gogle' (google2011, swf or alibaba)", "trace-summary", "gogle:x");
        assertOneLineError("stowage trace-summary: invalid value for TRACE: trace spec 'nocolon' must be"
            + " FORMAT:PATH[,PATH...] with FORMAT google2011, swf or alibaba", "trace-summary", "nocolon");
        final String missing = fixture("google") + "/absent.csv.gz";
        assertOneLineError("stowage trace-summary: invalid value for TRACE: 'google2011:" + missing + "': no such file"
            + " or directory " + missing + "; get the public trace with `stowage traces fetch google2011`"
            + " (docs/TRACES.md)", "trace-summary", "google2011:" + missing);
        assertOneLineError("stowage trace-summary: invalid value for --resources: 3 (1 or 2)", "trace-summary",
            "google2011:" + fixture("google/rules"), "--resources", "3");
        assertOneLineError("stowage trace-summary: invalid value for --traffic-scaling: 0.0 (must be finite and > 0)",
            "trace-summary", "google2011:" + fixture("google/rules"), "--traffic-scaling", "0");
        assertOneLineError("stowage trace-summary: invalid value for --interval-ms: 0.0 (must be in [0.001, 1e12])",
            "trace-summary", "google2011:" + fixture("google/rules"), "--interval-ms", "0");
        assertOneLineError("stowage trace-summary: two-resource SWF needs the machine's memory in KB"
            + " (TraceOptions.withSwfMemoryKb, --swf-memory-kb): none given", "trace-summary",
            "swf:" + fixture("swf/rules.swf.txt"), "--resources", "2");
        assertOneLineError("stowage trace-summary: " + fixture("google/bad/non-numeric.csv") + " line 2, job ID"
            + " (column 3) = '12x4': not a non-negative integer", "trace-summary",
            "google2011:" + fixture("google/bad/non-numeric.csv"));
    }

    @Test
    void truncatedGzipExitsTwoNamingTheFileAndLine() {
        assertEquals(2, run("trace-summary", "google2011:" + fixture("google/bad/truncated.csv.gz")));
        final String message = cli.err();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("stowage trace-summary: " + fixture("google/bad/truncated.csv.gz") + " line "),
            message);
        assertTrue(message.contains("truncated or corrupt data"), message);
    }

    @Test
    void reportIsFlushedEvenWhenNoTaskIsKept() {
        // main() exits right after execute(): whatever sits in a buffer is lost, so the command must flush
        final StringWriter sink = new StringWriter();
        final PrintWriter buffered = new PrintWriter(new java.io.BufferedWriter(sink), true);
        assertEquals(0, StowageCli.execute(buffered, new PrintWriter(new StringWriter(), true), "trace-summary",
            "google2011:" + fixture("google/bad/long-line.csv")));
        assertTrue(sink.toString().contains("tasks: 1 seen = 0 kept + 1 dropped"), sink.toString());
    }

    @Test
    void helpHasExamples() {
        assertEquals(0, run("trace-summary", "--help"));
        assertTrue(cli.out().contains("Examples:"), cli.out());
        assertTrue(cli.out().contains("--traffic-scaling"), cli.out());
    }

    private void assertOneLineError(final String expected, final String... args) {
        assertEquals(2, run(args), String.join(" ", args));
        assertEquals(expected + System.lineSeparator(), cli.err());
    }
}
