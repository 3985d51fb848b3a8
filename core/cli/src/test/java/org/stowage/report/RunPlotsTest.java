package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Stability;

class RunPlotsTest {
    private static Charts.Line line(final String scheduler, final double... y) {
        final double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return new Charts.Line(scheduler, scheduler, x, y, null);
    }

    @Test
    void theAxisIsLogarithmicWhenTheCurvesDifferByMoreThanAHundredfold() {
        assertTrue(RunPlots.wantsLog(List.of(line("FIFO-FF", 100, 20_000, 40_000), line("BF-J/S", 10, 20, 30))),
            "40,000 against a mean of 20");
        assertFalse(RunPlots.wantsLog(List.of(line("FIFO-FF", 100, 1000, 1900), line("BF-J/S", 10, 20, 30))),
            "1,900 against a mean of 20: under a hundredfold");
        assertFalse(RunPlots.wantsLog(List.of(line("VQS", 0, 0, 0), line("BF-J/S", 0.01, 5, 4))),
            "an all-zero curve is not the lowest: 5 against BF-J/S's mean of 3");
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
        final var chart = Charts.chart("t", "x", "0.0", "y", false, "", List.of(
            new Charts.Line("BF-J/S", "BF-J/S, servers=2", x, new double[] {1, 2}, null),
            new Charts.Line("BF-J/S", "BF-J/S, servers=4", x, new double[] {3, 4}, null)));
        assertEquals("BF-J/S, servers=2", chart.getSeries("BF-J/S").getLabel());
        assertEquals("BF-J/S, servers=4", chart.getSeries("BF-J/S, servers=4").getLabel());
    }

    @Test
    void aLinearAxisOfValuesThatAreNeverNegativeStartsAtZeroOrAbove() throws Charts.Undrawable {
        final Charts.Line withWideBars = new Charts.Line("BF-J/S", "BF-J/S", new double[] {0.8, 0.9},
            new double[] {10, 50}, new double[] {30, 5});
        assertEquals(0, Charts.chart("t", "x", "0.0", "y", false, "", List.of(withWideBars)).getStyler().getYAxisMin(), 0);
    }

    @Test
    void aRunsQueuePlotIsAPictureOfEveryScheduler(@TempDir final Path directory) throws IOException {
        final Stability stable = Stability.of(Stability.Verdict.STABLE, 0, 0, 1, 0, 10);
        final double[] time = {0, 10, 20, 30};
        RunPlots.queueOverTime(directory, "a workload", List.of(
            new RunResult("BF-J/S", Map.of(), stable, time, new double[] {1, 2, 1, 2}, 0),
            new RunResult("FIFO-FF", Map.of(), stable, time, new double[] {1, 20, 40, 60}, 0)));
        final BufferedImage image = ImageIO.read(directory.resolve("queue.png").toFile());
        assertEquals(900, image.getWidth());
        assertTrue(Files.readString(directory.resolve("queue.svg")).contains("<svg"));
        // BF-J/S's blue and FIFO-FF's green are both drawn
        assertTrue(hasColour(image, SchedulerStyles.of("BF-J/S").color().getRGB()), "BF-J/S's colour");
        assertTrue(hasColour(image, SchedulerStyles.of("FIFO-FF").color().getRGB()), "FIFO-FF's colour");
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
