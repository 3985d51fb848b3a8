package org.stowage.sweep;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.stowage.core.Messages;
import org.stowage.core.engine.Simulation;
import org.stowage.core.experiment.RunObserver;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.kernel.Kernels;

/**
 * Stops the process when a user's kernel stops making progress: a callback ({@code decide}, say) that has
 * not returned for the limit. Nothing inside the JVM can end a thread stuck in someone else's loop, so the
 * watchdog tells its action one line (the scheduler, its family and jar, the time it was at, the kernel
 * frame it is in) and the action ends the process, saying what was kept ({@code StowageCli}, exit code 1).
 *
 * <p>Only kernels from outside stowage-core are watched: ours are tested to return, and some take long on
 * purpose (DJSF clusters a whole batch in its first decision). Progress is {@link Simulation#progress()}:
 * instants and arrivals processed, read every quarter of the limit (at most every second) from one daemon
 * thread.
 *
 * <p>One per process, armed once by the command line's {@code main} ({@link #arm}): its action ends the
 * JVM, which no library caller wants, so until then {@link #observer()} watches nothing. Thread-safe.
 */
public final class KernelWatchdog implements RunObserver {
    /** The limit unless {@value #LIMIT_VARIABLE} says otherwise. */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(60);
    /** The environment variable that sets the limit, in seconds (0 turns the watchdog off). */
    public static final String LIMIT_VARIABLE = "STOWAGE_KERNEL_TIMEOUT";

    private static volatile KernelWatchdog armed;

    private final Duration limit;
    private final Consumer<String> onHang;
    private final Map<Simulation, Watch> watched = new ConcurrentHashMap<>();

    /** A run being watched: its thread, its scheduler, and the progress last seen and when it changed. */
    private static final class Watch {
        final Thread thread;
        final String scheduler;
        long progress = -1;
        long changedAt = System.nanoTime();

        Watch(final Thread thread, final String scheduler) {
            this.thread = thread;
            this.scheduler = scheduler;
        }
    }

    private KernelWatchdog(final Duration limit, final Consumer<String> onHang) {
        this.limit = limit;
        this.onHang = onHang;
    }

    /**
     * Watches every later run of a user's kernel made through {@link #observer()}: one that makes no progress
     * for {@code limit} is reported to {@code onHang}, once, which ends the process. Once per process.
     */
    public static synchronized void arm(final Duration limit, final Consumer<String> onHang) {
        Objects.requireNonNull(onHang, "onHang");
        if (armed != null) {
            throw new IllegalStateException("the kernel watchdog is armed already");
        }
        if (limit.isZero()) {
            return;
        }
        final KernelWatchdog watchdog = new KernelWatchdog(limit, onHang);
        final Thread thread = new Thread(watchdog::watch, "stowage-kernel-watchdog");
        thread.setDaemon(true);
        thread.start();
        armed = watchdog;
    }

    /**
     * The limit {@code value} gives (the environment variable's text, null when unset): whole or decimal
     * seconds, 0 for none.
     *
     * @throws IllegalArgumentException naming the variable when the value is not a number of seconds
     */
    public static Duration limit(final String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            final double seconds = Double.parseDouble(value.strip());
            if (seconds >= 0 && seconds <= 1e6) {
                return Duration.ofMillis(Math.round(seconds * 1000));
            }
        } catch (final NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException(LIMIT_VARIABLE + "='" + value + "' is not a number of seconds in [0, 1e6]"
            + " (0 turns the kernel watchdog off)");
    }

    /** What runs report to: the armed watchdog, or an observer that watches nothing. */
    public static RunObserver observer() {
        final KernelWatchdog watchdog = armed;
        return watchdog == null ? RunObserver.NONE : watchdog;
    }

    @Override
    public void started(final Simulation simulation, final RunSpec spec) {
        if (!Kernels.isOwn(spec.scheduler())) {
            watched.put(simulation, new Watch(Thread.currentThread(), spec.scheduler()));
        }
    }

    @Override
    public void ended(final Simulation simulation) {
        watched.remove(simulation);
    }

    private void watch() {
        final long limitNanos = limit.toNanos();
        final long period = Math.max(10, Math.min(1000, limit.toMillis() / 4));
        while (true) {
            try {
                Thread.sleep(period);
            } catch (final InterruptedException e) {
                return;
            }
            final long now = System.nanoTime();
            for (final Map.Entry<Simulation, Watch> entry : watched.entrySet()) {
                final Watch watch = entry.getValue();
                final long progress = entry.getKey().progress();
                if (progress != watch.progress) {
                    watch.progress = progress;
                    watch.changedAt = now;
                } else if (now - watch.changedAt > limitNanos) {
                    watched.clear();
                    onHang.accept(hung(entry.getKey(), watch));
                    return;
                }
            }
        }
    }

    private String hung(final Simulation simulation, final Watch watch) {
        return "scheduler " + watch.scheduler + KernelFailure.origin(watch.scheduler) + " has not returned from its"
            + " kernel for " + seconds(limit) + " s at time " + simulation.now() + where(watch.thread)
            + "; stopped (" + LIMIT_VARIABLE + " sets the limit in seconds)";
    }

    /** {@code ", in com.acme.Kernel.decide(Kernel.java:42)"}: the topmost frame outside the JDK and the engine. */
    private static String where(final Thread thread) {
        for (final StackTraceElement frame : thread.getStackTrace()) {
            final String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")
                && !type.startsWith("org.stowage.core.engine.") && !type.startsWith("org.stowage.core.state.")) {
                return ", in " + Messages.frame(frame);
            }
        }
        return "";
    }

    private static String seconds(final Duration duration) {
        final long millis = duration.toMillis();
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
    }
}
