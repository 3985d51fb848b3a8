package org.stowage.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** The plain progress lines: their words, their pace, and nothing from short work or with the display off. */
class ProgressTest {
    @Test
    void aLineSaysTheShareTheRateAndTheTimeLeft() {
        assertEquals("BF-J/S 40% of horizon, 1.2 M jobs/s, about 2 min left",
            Progress.line("BF-J/S", 0.4, "horizon", 96e6, "jobs", 80));
        assertEquals("sweep 25% of 120 runs, about 30 s left", Progress.line("sweep", 0.25, "120 runs", 0, "", 10));
        assertEquals("google 10% of 29.0 MB, 2.9 MB/s, about 9 s left",
            Progress.line("google", 0.1, "29.0 MB", 2.9, "MB", 1));
        assertEquals("FIFO-FF 99% of horizon, 250 k jobs/s, less than a second left",
            Progress.line("FIFO-FF", 0.99, "horizon", 250_000, "jobs", 1));
    }

    @Test
    void quantitiesAndDurationsReadAsAPersonWouldSayThem() {
        assertEquals("95", Progress.quantity(95.4));
        assertEquals("850 k", Progress.quantity(850_000));
        assertEquals("1.2 M", Progress.quantity(1_234_567));
        assertEquals("3.4 G", Progress.quantity(3.4e9));
        assertEquals("under a second", Progress.duration(0.4));
        assertEquals("40 s", Progress.duration(40));
        assertEquals("2 min", Progress.duration(130));
        assertEquals("1.5 h", Progress.duration(5400));
        assertEquals("12 h", Progress.duration(12 * 3600));
        assertEquals("3 days", Progress.duration(3 * 86400));
    }

    @Test
    void plainLinesComeAtMostOncePerIntervalAndNeverAfterTheEnd() throws InterruptedException {
        final StringWriter text = new StringWriter();
        final Progress.Display display = new Progress.Display(Progress.Display.Kind.LINES, Duration.ofMillis(300),
            new PrintWriter(text, true));
        try (Progress progress = Progress.task("BF-J", 100).of("horizon").rate(1000, "jobs").start(display)) {
            progress.stepTo(10);
            assertEquals("", text.toString(), "nothing before the first interval");
            Thread.sleep(400);
            progress.stepTo(20);
            progress.stepTo(30);
            Thread.sleep(400);
            progress.stepTo(100);
        }
        final String[] lines = text.toString().split("\n");
        assertEquals(1, lines.length, text.toString());
        assertTrue(lines[0].matches("BF-J 20% of horizon, [0-9.]+( [kM])? jobs/s, about .+ left"), lines[0]);
        assertFalse(text.toString().contains("\r"), "a plain line never returns the carriage");
    }

    @Test
    void anOffDisplayPrintsNothing() throws InterruptedException {
        try (Progress progress = Progress.task("BF-J", 100).start(Progress.Display.off())) {
            Thread.sleep(20);
            progress.stepTo(50);
        }
        assertEquals(Progress.Display.Kind.OFF, Progress.Display.detect(true, new PrintWriter(new StringWriter()))
            .kind(), "--quiet");
    }
}
