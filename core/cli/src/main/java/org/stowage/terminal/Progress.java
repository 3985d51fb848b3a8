package org.stowage.terminal;

import java.text.DecimalFormat;
import java.time.Duration;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar with ETA on standard error, for work that lasts longer than about a second; silent when
 * standard error is not an interactive terminal or the {@code CI} environment variable is set, so logs
 * and pipes never see carriage-return frames.
 *
 * <p>The bar appears only once {@link #SHOW_AFTER} has passed, so short runs print nothing. Thread-safe
 * updates ({@link #stepTo} may be called from worker threads).
 */
public final class Progress implements AutoCloseable {
    public static final Duration SHOW_AFTER = Duration.ofSeconds(1);

    private final String task;
    private final long total;
    private final boolean enabled;
    /** Counted in megabytes with a speed (a download), or in plain steps. */
    private boolean bytes;
    private final long started = System.nanoTime();
    private ProgressBar bar;

    private Progress(final String task, final long total, final boolean enabled) {
        this.task = task;
        this.total = total;
        this.enabled = enabled;
    }

    /** A bar for {@code total} steps, shown only on an interactive terminal outside CI. */
    public static Progress of(final String task, final long total) {
        return new Progress(task, total, System.console() != null && System.getenv("CI") == null);
    }

    /** A bar for a transfer of {@code totalBytes}, shown in kB with the speed, on a terminal outside CI only. */
    public static Progress ofBytes(final String task, final long totalBytes) {
        final Progress progress = of(task, totalBytes);
        progress.bytes = true;
        return progress;
    }

    /** A bar that never shows. */
    public static Progress silent() {
        return new Progress("", 1, false);
    }

    public synchronized void stepTo(final long done) {
        if (!enabled) {
            return;
        }
        if (bar == null) {
            if (System.nanoTime() - started < SHOW_AFTER.toNanos()) {
                return;
            }
            final ProgressBarBuilder builder = new ProgressBarBuilder();
            if (bytes) {
                builder.setUnit(" kB", 1_000).showSpeed(new DecimalFormat("0"));
            }
            bar = builder
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .startsFrom(0, Duration.ofNanos(System.nanoTime() - started))
                .clearDisplayOnFinish()
                .build();
        }
        bar.stepTo(Math.min(done, total));
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.stepTo(total);
            bar.close();
            bar = null;
        }
    }
}
