package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.testing.SharedTraces;
import org.stowage.report.HtmlReport;

/**
 * The index.html of run, sweep and reproduce folders, parsed: every table, plot and claim is on the page, the
 * page is self-contained (no script, nothing fetched from elsewhere), and links point to files that exist.
 */
class HtmlReportTest {
    private static final String FIG1 = "arrival,duration,r1\n0,4,1.0\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n";

    private final CliSession cli = CliSession.withHeap(1L << 30);

    @TempDir
    Path temp;

    private int run(final String... args) {
        return cli.run(args);
    }

    /** The page, checked to need nothing but itself and the files beside it. */
    static Document page(final Path folder) throws IOException {
        final Path file = folder.resolve(HtmlReport.FILE);
        assertTrue(Files.isRegularFile(file), file + " written");
        final Document page = Jsoup.parse(file.toFile(), "UTF-8");
        assertTrue(page.select("script").isEmpty(), "no script");
        assertTrue(page.select("link, img, iframe, object, embed").isEmpty(), "nothing loaded from elsewhere");
        for (final Element link : page.select("a[href]")) {
            final String href = link.attr("href");
            assertFalse(href.startsWith("http:") || href.startsWith("https:"), "no network link: " + href);
            if (!href.startsWith("file:")) {
                assertTrue(Files.exists(folder.resolve(href)), "the link " + href + " points to a file of " + folder);
            }
        }
        return page;
    }

    private static List<String> column(final Element table, final int index) {
        final List<String> cells = new ArrayList<>();
        for (final Element row : table.select("tr")) {
            if (!row.select("td").isEmpty()) {
                cells.add(row.select("td").get(index).text());
            }
        }
        return cells;
    }

    @Test
    void aRunsPageHasTheCommandTheTableThePlotAndTheInputs() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"), FIG1);
        final Path folder = temp.resolve("run");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--servers", "1", "--time-mode", "continuous",
            "--scheduler", "SJF,DJSF", "--out", folder.toString()), cli.transcript());
        final Document page = page(folder);
        assertTrue(page.selectFirst("pre.command").text().startsWith("bin/stowage run --scheduler SJF --scheduler DJSF"),
            page.selectFirst("pre.command").text());
        final Element results = page.selectFirst("table.results");
        assertEquals(List.of("SJF", "DJSF"), column(results, 0));
        final List<String> header = results.select("th").eachText();
        assertEquals(List.of("7.36", "5.00"), column(results, header.indexOf("mean JCT")));
        assertEquals(List.of("8.20", "8.20"), column(results, header.indexOf("makespan")));
        assertEquals(1, page.select("figure svg").size(), "the queue plot, inline");
        assertTrue(page.selectFirst("table.inputs").text().contains("seed"), "the inputs");
    }

    @Test
    void aSweepsPageHasEveryPointAndAPlotPerMeasure() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"), FIG1);
        final Path folder = temp.resolve("sweep");
        assertEquals(0, run("sweep", "--jobs", jobs.toString(), "--time-mode", "continuous", "--scheduler", "SJF,DJSF",
            "--vary", "servers=1,2", "--threads", "1", "--out", folder.toString()), cli.transcript());
        final Document page = page(folder);
        assertTrue(page.selectFirst("pre.command").text().contains("--vary servers=1,2"));
        final Element results = page.selectFirst("table.results");
        assertEquals(List.of("1", "1", "2", "2"), column(results, 0));
        assertEquals(List.of("SJF", "DJSF", "SJF", "DJSF"), column(results, 1));
        assertEquals("7.36", column(results, results.select("th").eachText().indexOf("mean JCT")).get(0));
        final long plots;
        try (var files = Files.list(folder)) {
            plots = files.filter(file -> file.toString().endsWith(".svg")).count();
        }
        assertEquals(6, plots, "queue, wait, JCT mean and p99, utilization, makespan");
        assertEquals(plots, page.select("figure svg").size(), "every plot inline");
    }

    /** A figure's page and the folder's page hold its table, every plot of its folder and every claim printed. */
    @Test
    void aReproductionsPagesHoldEveryPlotAndClaim() throws IOException {
        final Path folder = temp.resolve("figures");
        assertEquals(0, run("reproduce", "fig4a", "--quick", "--threads", "2", "--out", folder.toString()),
            cli.transcript());
        final long claims = cli.out().lines()
            .filter(line -> line.matches(".* \\| (agrees|differs|not checked) +\\| .*")).count();
        assertTrue(claims > 0, cli.out());
        final Path figure = folder.resolve("fig4a");
        final long plots;
        try (var files = Files.list(figure)) {
            plots = files.filter(file -> file.toString().endsWith(".svg")).count();
        }
        for (final Path pageFolder : List.of(folder, figure)) {
            final Document page = page(pageFolder);
            assertTrue(page.selectFirst("pre.command").text().startsWith("bin/stowage reproduce fig4a"));
            assertEquals(1, page.select("h2#fig4a").size(), "the figure's section");
            assertEquals(plots, page.select("figure svg").size(), "every plot of the figure, inline");
            assertEquals(claims, page.select("table.claims tr.claim").size(), "every claim");
            for (final Element verdict : page.select("table.claims tr.claim td:eq(1)")) {
                assertTrue(List.of("agrees", "differs", "not checked").contains(verdict.text()), verdict.text());
            }
        }
    }

    /** djsf-jobs's page shows its bar chart inline and links its SVG and PNG, as the other DJSF figures do. */
    @Test
    void theDjsfJobsPageShowsItsBarChart() throws IOException {
        final Path trace = SharedTraces.googleTaskEvents();
        assumeTrue(trace != null, "no Google 2011 trace at " + SharedTraces.folder());
        final Path folder = temp.resolve("jobs");
        assertEquals(0, run("reproduce", "djsf-jobs", "--quick", "--threads", "2", "--trace", trace.toString(),
            "--out", folder.toString()), cli.transcript());
        final Document page = page(folder.resolve("djsf-jobs"));
        assertEquals(1, page.select("figure svg").size(), "the bar chart, inline");
        assertEquals(List.of("djsf-jobs.svg", "djsf-jobs.png"),
            page.select("figure figcaption a[href]").eachAttr("href"));
        assertEquals("djsf-jobs (SVG, PNG)", page.selectFirst("figure figcaption").text());
        assertTrue(page.select("ul.files a").eachText().contains("djsf-jobs.png"), "among the figure's files");
    }

    /**
     * A group run where the trace is missing (the default ../shared/traces is relative to the working
     * directory, core/cli here) says which figures it skipped in its last line and on the folder's page.
     */
    @Test
    void aGroupSaysWhichFiguresItSkippedForWantOfTheTrace() throws IOException {
        assumeFalse(Files.isDirectory(Path.of("../shared/traces/google-2011/task_events")),
            "the Google trace is beside the working directory: nothing is skipped");
        final Path folder = temp.resolve("djsf");
        assertEquals(0, run("reproduce", "all-djsf", "--quick", "--threads", "2", "--out", folder.toString()),
            cli.transcript());
        final List<String> lines = cli.out().lines().toList();
        final String skippedLine = lines.stream().filter(line -> line.contains(" skipped: no Google 2011 trace at "))
            .findFirst().orElseThrow(() -> new AssertionError(cli.out()));
        final String skipped = skippedLine.substring(0, skippedLine.indexOf(" skipped: "));
        assertTrue(skipped.startsWith("djsf-"), skippedLine);
        assertTrue(lines.get(lines.size() - 1).endsWith("; " + skipped + " skipped (no trace)"), lines.get(lines.size() - 1));
        assertTrue(page(folder).select("p").eachText().contains(skippedLine), "the page says it too");
    }

    /** Inputs read as a user writes them: arrays by their items, the command as a shell line, unset as none. */
    @Test
    void inputsShowArraysListsAndUnsetValuesByTheirContent() {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("sizes", new double[][] {{0.4}, {0.6}});
        inputs.put("weights", new double[] {1, 2});
        inputs.put("schedulers", List.of("VQS", "BF-J/S"));
        inputs.put("horizon", null);
        inputs.put("command", List.of("reproduce", "fig3a", "--quick"));
        final Document page = Jsoup.parse(new HtmlReport("inputs").inputs(inputs).html());
        final List<String> values = page.select("table.inputs tr td:eq(1)").eachText();
        assertEquals(List.of("[[0.4], [0.6]]", "[1.0, 2.0]", "VQS, BF-J/S", "none", "reproduce fig3a --quick"), values);
    }

    /** --no-plots: the page and the data, no picture; refused without --out, where nothing is drawn anyway. */
    @Test
    void noPlotsLeavesThePlotsOutAndAppliesWithOutOnly() throws IOException {
        final Path folder = temp.resolve("plain");
        assertEquals(0, run("run", "--horizon", "2000", "--out", folder.toString(), "--no-plots"), cli.transcript());
        assertFalse(Files.exists(folder.resolve("queue.png")) || Files.exists(folder.resolve("queue.svg")));
        assertTrue(page(folder).select("figure svg").isEmpty());
        assertEquals(2, run("run", "--horizon", "2000", "--no-plots"));
        assertEquals("stowage run: --no-plots applies with --out only (nothing is drawn without it)"
            + System.lineSeparator(), cli.err());
    }

    @Test
    void aFolderWithSomeoneElsesIndexIsRefusedBeforeAnythingRuns() throws IOException {
        final Path folder = Files.createDirectories(temp.resolve("site"));
        Files.writeString(folder.resolve("index.html"), "<html><body>my site</body></html>");
        assertEquals(2, run("run", "--horizon", "1000", "--out", folder.toString()));
        assertEquals("stowage run: invalid value for --out: '" + folder + "' holds an index.html that stowage did not"
            + " write (the report would replace it); use another directory" + System.lineSeparator(), cli.err());
        assertEquals("<html><body>my site</body></html>", Files.readString(folder.resolve("index.html")));
        assertFalse(Files.exists(folder.resolve("results.csv")), "nothing written");
    }
}
