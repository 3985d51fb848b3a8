package org.stowage.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.IChart;
import org.stowage.core.Messages;
import org.stowage.report.Charts.Undrawable;
import org.stowage.sweep.ResultFiles;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;

/**
 * The files of {@link Charts}: a chart drawn in memory on a daemon thread within a time limit, then written as PNG
 * and SVG (each renamed into place, the SVG's ids made stable and its NaN lines dropped); and the skips: a chart
 * that cannot be drawn removes an earlier file of its name and is told to whoever collects skips on this thread.
 */
final class ChartFiles {
    static {
        // as Charts does: a test may draw through here without touching Charts first
        System.setProperty("java.awt.headless", "true");
    }

    /** Where the skips of this thread's charts go, while someone collects them ({@link #collectingSkips}). */
    private static final ThreadLocal<List<String>> SKIPS = new ThreadLocal<>();

    private static final Pattern NAN_LINE = Pattern.compile("<line [^>]*=\"NaN\"[^>]*/>\\R?");

    private static final Pattern CLIP_ID = Pattern.compile("(id=\"|url\\(#)clip(-?\\d+)");

    private ChartFiles() {
    }

    /** {@link Charts#collectingSkips}. */
    static List<String> collectingSkips(final Charts.Drawing drawing) throws IOException {
        final List<String> outer = SKIPS.get();
        final List<String> skips = new ArrayList<>();
        SKIPS.set(skips);
        try {
            drawing.draw();
        } finally {
            SKIPS.set(outer);
            if (outer != null) {
                outer.addAll(skips);
            }
        }
        return skips;
    }

    /** {@link Charts#write}, drawing within {@code limit}. */
    static String write(final Path base, final IChart chart, final Duration limit) throws IOException {
        final Drawn drawn;
        try {
            drawn = draw(chart, base.getFileName().toString(), limit);
        } catch (final Undrawable e) {
            return skipped(base, e);
        }
        ResultFiles.atomically(base.resolveSibling(base.getFileName() + ".png"), target -> Files.write(target, drawn.png()));
        ResultFiles.writeString(base.resolveSibling(base.getFileName() + ".svg"), drawn.svg());
        return null;
    }

    /** A chart drawn in memory: its PNG bytes and SVG text. */
    private record Drawn(byte[] png, String svg) {
    }

    /**
     * Draws {@code chart} on a daemon thread, waiting at most {@code limit}: a drawing that does not end is
     * left to itself (it writes nothing) and the chart is skipped.
     */
    private static Drawn draw(final IChart chart, final String name, final Duration limit) throws Undrawable {
        final FutureTask<Drawn> task = new FutureTask<>(() -> {
            final ByteArrayOutputStream png = new ByteArrayOutputStream();
            ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", png);
            final ByteArrayOutputStream svg = new ByteArrayOutputStream();
            // what xchart's deprecated SVG encoder does: record the painting, then write it as SVG
            final VectorGraphics2D graphics = new VectorGraphics2D();
            chart.paint(graphics, chart.getWidth(), chart.getHeight());
            new SVGProcessor().getDocument(graphics.getCommands(), new PageSize(0, 0, chart.getWidth(),
                chart.getHeight())).writeTo(svg);
            return new Drawn(png.toByteArray(), withoutNaNLines(stableIds(svg.toString(StandardCharsets.UTF_8), name)));
        });
        final Thread thread = new Thread(task, "stowage-chart-" + name);
        thread.setDaemon(true);
        thread.start();
        try {
            return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final TimeoutException e) {
            task.cancel(true);
            throw new Undrawable("drawing it took more than " + limit.toSeconds() + " s");
        } catch (final ExecutionException e) {
            throw new Undrawable(Messages.describe(e.getCause()));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            task.cancel(true);
            throw new Undrawable("interrupted");
        }
    }

    /**
     * The reason {@code base} was skipped, after removing files of that name an earlier command drew (they
     * would show what this one did not) and telling whoever collects skips on this thread.
     */
    static String skipped(final Path base, final Exception why) throws IOException {
        final String reason = why instanceof Undrawable ? why.getMessage() : Messages.describe(why);
        Files.deleteIfExists(base.resolveSibling(base.getFileName() + ".png"));
        Files.deleteIfExists(base.resolveSibling(base.getFileName() + ".svg"));
        final List<String> skips = SKIPS.get();
        if (skips != null) {
            skips.add(base.getFileName() + ".png and .svg not drawn: " + reason);
        }
        return reason;
    }

    /**
     * The SVG without its {@code <line>} elements at NaN coordinates: xchart draws an error bar that is
     * absent (a bar chart's group without one) at y = NaN, which draws nothing in the PNG but is an invalid
     * attribute a browser reports.
     */
    static String withoutNaNLines(final String svg) {
        return NAN_LINE.matcher(svg).replaceAll("");
    }

    /**
     * The SVG with its clip-path ids renamed {@code clip-NAME-1}, {@code -2}, ... in order of appearance:
     * VectorGraphics2D numbers them from identity hash codes, so the same chart would differ from run to
     * run, and two charts inlined in one HTML page could share an id.
     */
    static String stableIds(final String svg, final String name) {
        final String prefix = "clip-" + name.replaceAll("[^A-Za-z0-9_-]", "_") + "-";
        final Map<String, Integer> renamed = new HashMap<>();
        final Matcher matcher = CLIP_ID.matcher(svg);
        final StringBuilder out = new StringBuilder(svg.length());
        while (matcher.find()) {
            final int id = renamed.computeIfAbsent(matcher.group(2), key -> renamed.size() + 1);
            matcher.appendReplacement(out, Matcher.quoteReplacement(matcher.group(1) + prefix + id));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
