package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.report.HtmlReport;
import org.stowage.report.SchedulerStyles;

/**
 * A run's index.html rendered by headless Chromium: the screenshot is a page, not a blank one. Skipped, saying
 * so, where {@value #CHROMIUM} is not installed ({@code apt-get install -y chromium}; .ci/run installs it).
 */
class HtmlReportBrowserTest {
    static final String CHROMIUM = "/usr/bin/chromium";

    @TempDir
    Path temp;

    @Test
    void aRunsPageRendersAsTextTablesAndTheColouredPlot() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of(CHROMIUM)), "skipped: no Chromium at " + CHROMIUM
            + " to render the page (apt-get install -y chromium)");
        final Path folder = temp.resolve("run");
        final StringWriter out = new StringWriter();
        assertEquals(0, StowageCli.execute(1L << 30, new PrintWriter(out, true), new PrintWriter(out, true),
            "run", "--scheduler", "BF-J/S,FIFO-FF", "--horizon", "40000", "--out", folder.toString()), out.toString());
        final Path screenshot = temp.resolve("page.png");
        // the queue plot starts about 500 px down the page: a window 1400 x 1000 shows its upper half
        final Process chromium = new ProcessBuilder(CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=" + temp.resolve("profile"), "--screenshot=" + screenshot, "--window-size=1400,1000",
            folder.resolve(HtmlReport.FILE).toUri().toString())
            .redirectErrorStream(true).redirectOutput(temp.resolve("chromium.log").toFile()).start();
        assertTrue(chromium.waitFor(120, TimeUnit.SECONDS), "Chromium did not finish within 120 s");
        assertTrue(Files.isRegularFile(screenshot), "no screenshot; Chromium said: "
            + Files.readString(temp.resolve("chromium.log")));
        final BufferedImage image = ImageIO.read(screenshot.toFile());
        long inked = 0;
        final Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                final int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                inked += rgb == 0xFFFFFF ? 0 : 1;
            }
        }
        final double share = (double) inked / ((long) image.getWidth() * image.getHeight());
        assertTrue(share > 0.02, "the page is blank: " + share + " of its pixels are not white");
        assertTrue(colours.size() > 20, "a page of text and tables has shades; this one has " + colours.size());
        for (final String scheduler : List.of("BF-J/S", "FIFO-FF")) {
            final int colour = SchedulerStyles.of(scheduler).color().getRGB() & 0xFFFFFF;
            assertTrue(colours.stream().anyMatch(rgb -> close(rgb, colour)), scheduler + "'s curve is drawn");
        }
    }

    /** Within a few steps per channel: the browser's colour management and antialiasing shift colours a little. */
    private static boolean close(final int a, final int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs((a >> shift & 0xFF) - (b >> shift & 0xFF)) > 6) {
                return false;
            }
        }
        return true;
    }
}
