package org.stowage.terminal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.time.Duration;
import java.util.Locale;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of long work on standard error, shown one of three ways ({@link Display}), chosen once per command:
 * <ul>
 *   <li>{@link Display#BAR}, on an interactive terminal: a bar with the ETA, redrawn in place, once the work has
 *       lasted {@link #BAR_AFTER};</li>
 *   <li>{@link Display#LINES}, where standard error is a pipe or a file (a notebook, a script, an IDE console):
 *       a plain line once the work has lasted {@link Display#lineEvery}, then at most one per that interval, such
 *       as {@code BF-J/S 40% of horizon, 1.2 M jobs/s, about 2 min left}; never a carriage return;</li>
 *   <li>{@link Display#OFF}: nothing, with {@code --quiet} or where the {@code CI} environment variable is set, so
 *       a CI log never holds a bar or a progress line.</li>
 * </ul>
 * Short work prints nothing either way. Updates are thread-safe ({@link #stepTo} may be called from worker
 * threads) and cheap between two lines (a clock read).
 */
public final class Progress implements AutoCloseable {
    /** Work shorter than this draws no bar. */
    public static final Duration BAR_AFTER = Duration.ofSeconds(1);
    /** Seconds between two plain lines, unless the system property {@value #EVERY_PROPERTY} says otherwise. */
    public static final Duration LINE_EVERY = Duration.ofSeconds(10);
    /**
     * System property: seconds between plain progress lines (and before the first), a positive number; a bar
     * then waits no longer than that either (tests see a bar on a run shorter than {@link #BAR_AFTER}).
     */
    public static final String EVERY_PROPERTY = "stowage.progress.every";

    /**
     * How progress shows for one command: a bar, plain lines every {@code lineEvery} to {@code lines}, or
     * nothing.
     *
     * @param lines where plain lines go (the command's standard error)
     */
    public record Display(Kind kind, Duration lineEvery, PrintWriter lines) {
        /** The three ways. */
        public enum Kind {
            BAR, LINES, OFF
        }

        /** Nothing, ever. */
        public static Display off() {
            return new Display(Kind.OFF, LINE_EVERY, null);
        }

        /**
         * The way for this process: nothing when {@code quiet} or in CI ({@code CI} set), a bar when standard
         * error is an interactive terminal, plain lines to {@code lines} otherwise.
         */
        public static Display detect(final boolean quiet, final PrintWriter lines) {
            if (quiet || System.getenv("CI") != null) {
                return off();
            }
            return new Display(errorIsTerminal() ? Kind.BAR : Kind.LINES, configuredLineEvery(), lines);
        }

        /** {@link #LINE_EVERY}, or the seconds of {@value #EVERY_PROPERTY}. */
        static Duration configuredLineEvery() {
            final String seconds = System.getProperty(EVERY_PROPERTY);
            if (seconds == null) {
                return LINE_EVERY;
            }
            try {
                final double value = Double.parseDouble(seconds);
                if (value > 0 && value < 1e6) {
                    return Duration.ofNanos((long) (value * 1e9));
                }
            } catch (final NumberFormatException e) {
                // falls through to the default, as for a value out of range
            }
            return LINE_EVERY;
        }

        /**
         * Whether standard error is an interactive terminal: on Linux, whether file descriptor 2 is a tty
         * device; elsewhere whether the JVM has a console (standard input and output on a terminal).
         */
        static boolean errorIsTerminal() {
            final Path fd = Path.of("/proc/self/fd/2");
            try {
                if (Files.isSymbolicLink(fd)) {
                    final String target = Files.readSymbolicLink(fd).toString();
                    return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
                }
            } catch (final IOException | SecurityException | UnsupportedOperationException e) {
                // no /proc: ask the console
            }
            return System.console() != null;
        }
    }

    private final String task;
    private final long total;
    private final Display display;
    /** What the percentage is of, for plain lines ("horizon", "120 runs"). */
    private final String of;
    /** Units of {@link #rateUnit} per step, for the rate in plain lines; 0 for no rate. */
    private final double perStep;
    private final String rateUnit;
    /** Counted in kilobytes with a speed on the bar (a download). */
    private final boolean bytes;
    private final long started = System.nanoTime();
    private long lastLine = started;
    private ProgressBar bar;

    private Progress(final Builder builder, final Display display) {
        this.task = builder.task;
        this.total = builder.total;
        this.of = builder.of;
        this.perStep = builder.perStep;
        this.rateUnit = builder.rateUnit;
        this.bytes = builder.bytes;
        this.display = display;
    }

    /** Progress of {@code task} over {@code total} steps; say how it shows with {@link Builder#start}. */
    public static Builder task(final String task, final long total) {
        return new Builder(task, total);
    }

    /** Progress that never shows. */
    public static Progress silent() {
        return task("", 1).start(Display.off());
    }

    /** What a {@link Progress} says besides its task and percentage. */
    public static final class Builder {
        private final String task;
        private final long total;
        private String of;
        private double perStep;
        private String rateUnit = "";
        private boolean bytes;

        private Builder(final String task, final long total) {
            this.task = task;
            this.total = Math.max(1, total);
        }

        /** The whole the percentage is of, in plain lines: "horizon" gives "40% of horizon". */
        public Builder of(final String whole) {
            this.of = whole;
            return this;
        }

        /** Plain lines give a rate: {@code unitsPerStep} of {@code unit} per step ("1.2 M jobs/s"). */
        public Builder rate(final double unitsPerStep, final String unit) {
            this.perStep = Double.isFinite(unitsPerStep) && unitsPerStep > 0 ? unitsPerStep : 0;
            this.rateUnit = unit;
            return this;
        }

        /** The steps are bytes: the bar counts kilobytes with a speed, plain lines give MB/s. */
        public Builder bytes() {
            this.bytes = true;
            return rate(1e-6, "MB");
        }

        /** Starts the clock; the progress shows as {@code display} says. */
        public Progress start(final Display display) {
            return new Progress(this, display);
        }
    }

    public synchronized void stepTo(final long done) {
        switch (display.kind()) {
            case BAR -> bar(done);
            case LINES -> line(done);
            default -> {
            }
        }
    }

    private void bar(final long done) {
        if (bar == null) {
            if (System.nanoTime() - started < Math.min(BAR_AFTER.toNanos(), display.lineEvery().toNanos())) {
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

    private void line(final long done) {
        final long now = System.nanoTime();
        if (now - lastLine < display.lineEvery().toNanos() || done <= 0 || done >= total) {
            return;
        }
        lastLine = now;
        display.lines().println(line(task, (double) done / total, of, done * perStep, rateUnit, (now - started) / 1e9));
        display.lines().flush();
    }

    /**
     * A plain progress line: {@code BF-J/S 40% of horizon, 1.2 M jobs/s, about 2 min left}; the rate only with a
     * unit and an amount, the time left from the time so far and the fraction done.
     */
    static String line(final String task, final double fraction, final String of, final double amount,
                       final String unit, final double seconds) {
        final StringBuilder text = new StringBuilder(task).append(' ')
            .append(String.format(Locale.ROOT, "%.0f%%", Math.floor(fraction * 100)));
        if (of != null) {
            text.append(" of ").append(of);
        }
        if (amount > 0 && !unit.isEmpty() && seconds > 0) {
            text.append(", ").append(quantity(amount / seconds)).append(' ').append(unit).append("/s");
        }
        if (fraction > 0 && seconds > 0) {
            final double left = seconds * (1 - fraction) / fraction;
            text.append(left < 1 ? ", less than a second left" : ", about " + duration(left) + " left");
        }
        return text.toString();
    }

    /** 2.9, 95, 850 k, 1.2 M, 3.4 G: two significant digits below ten, whole numbers above. */
    public static String quantity(final double value) {
        final String[] prefixes = {"", " k", " M", " G", " T"};
        double scaled = value;
        int prefix = 0;
        while (scaled >= 1000 && prefix < prefixes.length - 1) {
            scaled /= 1000;
            prefix++;
        }
        final String number = scaled >= 10 || prefix == 0 && scaled == Math.rint(scaled)
            ? String.format(Locale.ROOT, "%.0f", scaled) : String.format(Locale.ROOT, "%.1f", scaled);
        return number + prefixes[prefix];
    }

    /** 40 s, 2 min, 1.5 h, 3 days: rounded to what a reader plans by. */
    public static String duration(final double seconds) {
        if (seconds < 1) {
            return "under a second";
        }
        if (seconds < 90) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (seconds < 90 * 60) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        if (seconds < 48 * 3600) {
            final double hours = seconds / 3600;
            return hours < 10 ? String.format(Locale.ROOT, "%.1f h", hours) : String.format(Locale.ROOT, "%.0f h", hours);
        }
        return String.format(Locale.ROOT, "%.0f days", seconds / 86400);
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
