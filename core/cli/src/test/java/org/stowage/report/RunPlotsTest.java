package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Stability;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

class RunPlotsTest {
    private static Charts.Line line(final String scheduler, final double... y) {
        final double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return new Charts.Line(scheduler, scheduler, x, y, null);
    }

    /** A sweep over two axes: a curve per scheduler and value of the other axis, each its own series. */
    @Test
    void aResponseTimeIsCalledTheJctOnlyWhenThePointsRunToCompletion() {
        for (final RunPlots.Measure measure : RunPlots.MEASURES) {
            assertEquals(measure.metric().name().startsWith("jct_"), measure.title(true).endsWith(" (JCT)"),
                measure.metric().name());
            assertFalse(measure.title(false).contains("JCT"), measure.metric().name());
        }
    }

    @Test
    void aSchedulersSecondCurveIsNamedByItsLabel() throws Charts.Undrawable {
        final double[] x = {0.8, 0.9};
        final var chart = Charts.chart("t", "x", Charts.YAxis.of("y", Charts.Domain.NON_NEGATIVE), List.of(
            new Charts.Line("BF-J/S", "BF-J/S, servers=2", x, new double[] {1, 2}, null),
            new Charts.Line("BF-J/S", "BF-J/S, servers=4", x, new double[] {3, 4}, null)));
        assertEquals("BF-J/S, servers=2", chart.getSeries("BF-J/S").getLabel());
        assertEquals("BF-J/S, servers=4", chart.getSeries("BF-J/S, servers=4").getLabel());
    }

    @Test
    void aLinearAxisOfValuesThatAreNeverNegativeStartsAtZeroOrAbove() throws Charts.Undrawable {
        final Charts.Line withWideBars = new Charts.Line("BF-J/S", "BF-J/S", new double[] {0.8, 0.9},
            new double[] {10, 50}, new double[] {30, 5});
        assertEquals(0, Charts.chart("t", "x", Charts.YAxis.of("y", Charts.Domain.NON_NEGATIVE), List.of(withWideBars))
            .getStyler().getYAxisMin(), 0);
    }

    @Test
    void aRunsQueuePlotIsAPictureOfEveryScheduler(@TempDir final Path directory) throws IOException {
        final Stability stable = Stability.of(Stability.Verdict.STABLE, 0, 0, 1, 0, 10);
        final double[] time = {0, 10, 20, 30};
        RunPlots.queueOverTime(directory, "a workload", "slots", List.of(
            new RunResult("BF-J/S", Map.of(), stable, time, new double[] {1, 2, 1, 2}, 0),
            new RunResult("FIFO-FF", Map.of(), stable, time, new double[] {1, 20, 40, 60}, 0)));
        final BufferedImage image = ImageIO.read(directory.resolve("queue.png").toFile());
        assertEquals(900, image.getWidth());
        assertTrue(Files.readString(directory.resolve("queue.svg")).contains("<svg"));
        // BF-J/S's blue and FIFO-FF's green are both drawn
        assertTrue(hasColour(image, SchedulerStyles.of("BF-J/S").color().getRGB()), "BF-J/S's colour");
        assertTrue(hasColour(image, SchedulerStyles.of("FIFO-FF").color().getRGB()), "FIFO-FF's colour");
    }

    /** A two-resource sweep draws the utilization of each resource, with units on its axes. */
    @Test
    void aMultiResourceSweepPlotsEveryResourcesUtilization(@TempDir final Path directory) throws IOException {
        final Sweep sweep = new Sweep(List.of("BF-J"), List.of(Sweep.Axis.of("intensity", new double[] {0.5, 0.9})), 1, 1,
            Map.of("time_mode", "slotted"));
        final Stability stable = Stability.of(Stability.Verdict.STABLE, 0, 0, 1, 0, 10);
        final List<Sweep.Unit> units = new ArrayList<>();
        for (final Sweep.Unit unit : sweep.units()) {
            final double load = unit.point().number("intensity");
            final Map<String, Double> metrics = new LinkedHashMap<>();
            for (final String metric : List.of("mean_queue", "wait_mean", "jct_mean", "jct_p99")) {
                metrics.put(metric, 10 * load);
            }
            metrics.put("utilization_r0", load);
            metrics.put("utilization_r1", load / 2);
            for (final Stability.Verdict verdict : Stability.Verdict.values()) {
                metrics.put(SweepFiles.verdictMetric(verdict), verdict == Stability.Verdict.STABLE ? 1.0 : 0.0);
            }
            units.add(new Sweep.Unit(unit.index(), unit.point(), unit.scheduler(), new RunResult(unit.scheduler(),
                metrics, stable, new double[0], new double[0], 0)));
        }
        final List<String> written = RunPlots.sweepMeasures(directory, sweep, units, false);
        assertEquals(List.of("mean_queue", "wait_mean", "jct_mean", "jct_p99", "utilization_r0", "utilization_r1"),
            written);
        for (final String plot : written) {
            assertTrue(Files.isRegularFile(directory.resolve(plot + ".svg")), plot);
        }
        assertEquals("intensity", RunPlots.axisTitle("intensity", "slots"));
        assertEquals("horizon (slots)", RunPlots.axisTitle("horizon", "slots"));
    }

    private static boolean hasColour(final BufferedImage image, final int rgb) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == (rgb & 0xFFFFFF)) {
                    return true;
                }
            }
        }
        return false;
    }
}
