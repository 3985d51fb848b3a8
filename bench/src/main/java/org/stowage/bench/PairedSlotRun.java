package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The slot setting of {@link CpuTimeRun} (BF-J/S, 10,000 servers, 10^6 queued, about 105 departures per slot;
 * {@code -Dservers} and {@code -Dqueued} change the first two) for several benchmark jars in one JVM, each in a
 * class loader of its own (so each runs its own classes), their rounds of {@code -Dslots} slots (500 by default)
 * interleaved, the order rotating every round, and timed in this thread's CPU time. On a machine shared with
 * other work the load changes from minute to minute: jars run one after the other see different loads, while
 * interleaved rounds a tenth of a second long see nearly the same. Prints per jar the median round and, against
 * the first jar, the median of the per-round ratios and in how many rounds it was faster. Each jar's state holds
 * its own 10^6 queued jobs (about 60 MB).
 * <pre>
 *   java -Xmx12g -XX:+UseParallelGC -cp bench/target/benchmarks.jar org.stowage.bench.PairedSlotRun 121 \
 *        /tmp/before/benchmarks.jar bench/target/benchmarks.jar
 * </pre>
 * With {@code -Dfloor=true} the slot's memory floor ({@link SlotFloor}, from this jar, with the counts of
 * the first jar's steady state) runs as one more variant in the same rotation, and every jar's line also
 * gives its slot as a multiple of the floor (the median of the rounds' ratios): slot and floor measured
 * in one JVM, a tenth of a second apart, for as long as the run lasts.
 * <pre>
 *   java -Xmx12g -XX:+UseParallelGC -Dfloor=true -cp bench/target/benchmarks.jar org.stowage.bench.PairedSlotRun 61 \
 *        bench/target/benchmarks.jar
 * </pre>
 */
public final class PairedSlotRun {
    /** Slots per round: short rounds alternate often, so the variants see nearly the same load. */
    private static final int SLOTS_PER_ROUND = Integer.getInteger("slots", 500);
    /** Servers and queued jobs of the setting: 10,000 and 10^6 unless {@code -Dservers}, {@code -Dqueued} say. */
    private static final int SERVERS = Integer.getInteger("servers", 10_000);
    private static final long QUEUED = Long.getLong("queued", 1_000_000L);

    private PairedSlotRun() {
    }

    public static void main(final String[] args) throws Exception {
        final boolean withFloor = Boolean.getBoolean("floor");
        if (args.length < (withFloor ? 2 : 3) || !args[0].matches("[1-9][0-9]{0,5}")) {
            System.err.println("usage: PairedSlotRun ROUNDS JAR JAR [JAR...], or -Dfloor=true PairedSlotRun ROUNDS JAR"
                + " [JAR...] (ROUNDS a whole number >= 1): "
                + String.join(" ", args));
            System.exit(2);
        }
        for (int v = 1; v < args.length; v++) {
            if (!Files.isRegularFile(Path.of(args[v]))) {
                System.err.println("PairedSlotRun: jar " + v + " is not a file: " + args[v]);
                System.exit(2);
            }
        }
        final int rounds = Integer.parseInt(args[0]);
        final int jars = args.length - 1;
        final int variants = jars + (withFloor ? 1 : 0);
        final Object[] states = new Object[variants];
        final Method[] steps = new Method[variants];
        for (int v = 0; v < jars; v++) {
            final URL jar = Path.of(args[v + 1]).toUri().toURL();
            final ClassLoader loader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
            final Class<?> type = Class.forName("org.stowage.bench.SteadyState", true, loader);
            final Constructor<?> make = type.getDeclaredConstructor(String.class, int.class, long.class, int.class,
                long.class);
            make.setAccessible(true);
            final Method warmUp = type.getDeclaredMethod("warmUp", int.class);
            warmUp.setAccessible(true);
            states[v] = warmUp.invoke(make.newInstance("BF-J/S", SERVERS, QUEUED, 100, 1L), 3000);
            steps[v] = type.getDeclaredMethod("step");
            steps[v].setAccessible(true);
        }
        if (withFloor) {
            states[jars] = SlotFloor.of("BF-J/S", SERVERS, QUEUED, 100, 1L);
            steps[jars] = SlotFloor.class.getDeclaredMethod("slot");
        }
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        final double[][] micros = new double[variants][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < variants; k++) {
                final int v = (round + k) % variants;
                final long start = mx.getCurrentThreadCpuTime();
                for (int slot = 0; slot < SLOTS_PER_ROUND; slot++) {
                    steps[v].invoke(states[v]);
                }
                micros[v][round] = (mx.getCurrentThreadCpuTime() - start) / 1e3 / SLOTS_PER_ROUND;
            }
        }
        System.out.printf("%d rounds of %d slots; load average %.2f before the rounds, %.2f after%n", rounds,
            SLOTS_PER_ROUND, loadBefore, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        final double baseline = median(micros[0]);
        for (int v = 0; v < variants; v++) {
            final String name = v < jars ? args[v + 1] : "floor (" + ((SlotFloor) states[jars]).counts() + ")";
            final double[] ratios = new double[rounds];
            int faster = 0;
            for (int round = 0; round < rounds; round++) {
                ratios[round] = micros[0][round] / micros[v][round];
                faster += ratios[round] > 1 ? 1 : 0;
            }
            System.out.printf("%s: median %.1f us per slot (min %.1f, max %.1f); first jar's time over this one's:"
                    + " median of the rounds' ratios %.3f (min %.3f, max %.3f), of the medians %.3f; faster than the"
                    + " first in %d of %d rounds%n", name,
                median(micros[v]), min(micros[v]), max(micros[v]), median(ratios), min(ratios), max(ratios),
                baseline / median(micros[v]), faster, rounds);
            if (withFloor && v < jars) {
                final double[] overFloor = new double[rounds];
                for (int round = 0; round < rounds; round++) {
                    overFloor[round] = micros[v][round] / micros[jars][round];
                }
                System.out.printf("  slot / floor: median of the rounds' ratios %.2f (min %.2f, max %.2f)%n",
                    median(overFloor), min(overFloor), max(overFloor));
            }
        }
    }

    private static double median(final double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double min(final double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(final double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
