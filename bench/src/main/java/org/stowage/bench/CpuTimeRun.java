package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.ToLongFunction;

import org.stowage.core.engine.Simulation;

/**
 * The slot and end-to-end settings of {@link SlotDecisionBenchmark} (BF-J/S, 10,000 servers, 10^6 queued)
 * and {@link EndToEndBenchmark} (1000 servers, intensity 0.95), timed in this thread's CPU time
 * ({@link ThreadMXBean}) rather than wall clock: on a machine shared with other work, wall-clock JMH
 * scores swing by 3x between runs of the same jar, while CPU time moves by a few percent. Rounds of 2000
 * slots (slot) or 50,000 slots (end to end) after a warm-up; prints the minimum, median and maximum round.
 * Used for the before/after runs of docs/BENCHMARKS.md and its journal: compile nothing, run it from two
 * benchmark jars back to back.
 * <pre>
 *   java -Xmx8g -XX:+UseParallelGC -cp bench/target/benchmarks.jar org.stowage.bench.CpuTimeRun slot 7
 *   java -Xmx4g -cp bench/target/benchmarks.jar org.stowage.bench.CpuTimeRun e2e 7 [KERNEL]
 *   java -Xmx4g --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *        -cp bench/target/benchmarks.jar org.stowage.bench.CpuTimeRun layout 5
 * </pre>
 * {@code lotes KERNEL PER_CONFIGURATION} and {@code multi KERNEL SERVERS} run {@link LotesKernelBenchmark} (the
 * Fig. 11 workload) and {@link MultiResourceKernelBenchmark} (issue 25's two-resource workload) through their
 * own setup, then rounds of 200,000 instants, in simulated jobs per CPU second:
 * <pre>
 *   java -Xmx4g -cp bench/target/benchmarks.jar org.stowage.bench.CpuTimeRun lotes 7 LoTES 1000
 *   java -Xmx4g -cp bench/target/benchmarks.jar org.stowage.bench.CpuTimeRun multi 7 BF-J 10000
 * </pre>
 * {@code layout} runs {@link JobRecordLayoutBenchmark}'s three visits (10^6 and 10^7 jobs) in rounds of
 * 2·10^6 visits, the variants alternating, in ns per visit.
 */
public final class CpuTimeRun {
    private CpuTimeRun() {
    }

    public static void main(final String[] args) {
        final boolean continuous = args.length > 0 && (args[0].equals("lotes") || args[0].equals("multi"));
        if (args.length < 2 || !(args[0].equals("slot") || args[0].equals("e2e") || args[0].equals("layout")
            || continuous && args.length == 4)) {
            System.err.println("usage: CpuTimeRun slot|e2e|layout ROUNDS [KERNEL for e2e], or CpuTimeRun lotes|multi"
                + " ROUNDS KERNEL SIZE");
            System.exit(2);
        }
        final int rounds = Integer.parseInt(args[1]);
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        switch (args[0]) {
            case "layout" -> layout(mx, rounds);
            case "slot" -> slot(mx, rounds);
            case "lotes", "multi" -> continuous(mx, rounds, args[0], args[2], Integer.parseInt(args[3]));
            default -> endToEnd(mx, rounds, args.length > 2 ? args[2] : "BF-J/S");
        }
    }

    private static void slot(final ThreadMXBean mx, final int rounds) {
        final int slots = 2000;
        final SteadyState state = new SteadyState("BF-J/S", 10_000, 1_000_000, 100, 1).warmUp(3000);
        final double[] micros = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            final long start = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < slots; i++) {
                state.step();
            }
            micros[round] = (mx.getCurrentThreadCpuTime() - start) / (double) slots / 1000.0;
        }
        Arrays.sort(micros);
        System.out.printf("slot us per slot, CPU: min %.1f median %.1f max %.1f (%s)%n", micros[0],
            micros[rounds / 2], micros[rounds - 1], state.workload.activity());
    }

    private static void endToEnd(final ThreadMXBean mx, final int rounds, final String kernel) {
        final int slots = 50_000;
        final Simulation simulation = EndToEndBenchmark.paperSetting(kernel, 1000);
        for (int i = 0; i < 100_000; i++) {
            simulation.step(Double.POSITIVE_INFINITY);
        }
        final double[] millions = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            final long arrived = simulation.arrivedCount();
            final long start = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < slots; i++) {
                simulation.step(Double.POSITIVE_INFINITY);
            }
            final double seconds = (mx.getCurrentThreadCpuTime() - start) / 1e9;
            millions[round] = (simulation.arrivedCount() - arrived) / seconds / 1e6;
        }
        Arrays.sort(millions);
        System.out.printf("e2e %s M jobs/s, CPU: min %.2f median %.2f max %.2f, queued %d%n", kernel, millions[0],
            millions[rounds / 2], millions[rounds - 1], simulation.jobTable().queuedCount());
    }

    private static void continuous(final ThreadMXBean mx, final int rounds, final String benchmark,
                                   final String kernel, final int size) {
        final int instants = 200_000;
        final EndToEndBenchmark.Jobs counter = new EndToEndBenchmark.Jobs();
        final ToLongFunction<EndToEndBenchmark.Jobs> instant;
        if (benchmark.equals("lotes")) {
            final LotesKernelBenchmark state = new LotesKernelBenchmark();
            state.kernel = kernel;
            state.perConfiguration = size;
            state.setUp();
            instant = state::instant;
        } else {
            final MultiResourceKernelBenchmark state = new MultiResourceKernelBenchmark();
            state.kernel = kernel;
            state.servers = size;
            state.setUp();
            instant = state::instant;
        }
        long sink = 0;
        for (int i = 0; i < instants; i++) {
            sink += instant.applyAsLong(counter);
        }
        final double[] thousands = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            final long jobs = counter.jobs;
            final long start = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < instants; i++) {
                sink += instant.applyAsLong(counter);
            }
            final double seconds = (mx.getCurrentThreadCpuTime() - start) / 1e9;
            thousands[round] = (counter.jobs - jobs) / seconds / 1e3;
        }
        Arrays.sort(thousands);
        System.out.printf("%s %s %d k jobs/s, CPU: min %.0f median %.0f max %.0f (checksum %d)%n", benchmark, kernel,
            size, thousands[0], thousands[rounds / 2], thousands[rounds - 1], sink);
    }

    private static void layout(final ThreadMXBean mx, final int rounds) {
        final String[] names = {"structOfArrays", "packedInts", "agronaFlyweight"};
        final int visits = 2_000_000;
        for (final int jobs : new int[] {1_000_000, 10_000_000}) {
            final JobRecordLayoutBenchmark benchmark = new JobRecordLayoutBenchmark();
            benchmark.jobs = jobs;
            benchmark.setUp();
            double sink = 0;
            for (int i = 0; i < 3 * visits; i++) {
                sink += benchmark.structOfArrays() + benchmark.packedInts() + benchmark.agronaFlyweight();
            }
            final double[][] nanos = new double[names.length][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int variant = 0; variant < names.length; variant++) {
                    final long start = mx.getCurrentThreadCpuTime();
                    for (int i = 0; i < visits; i++) {
                        sink += variant == 0 ? benchmark.structOfArrays()
                            : variant == 1 ? benchmark.packedInts() : benchmark.agronaFlyweight();
                    }
                    nanos[variant][round] = (mx.getCurrentThreadCpuTime() - start) / (double) visits;
                }
            }
            for (int variant = 0; variant < names.length; variant++) {
                Arrays.sort(nanos[variant]);
                System.out.printf("%d jobs %-16s ns per visit, CPU: min %.0f median %.0f max %.0f%n", jobs,
                    names[variant], nanos[variant][0], nanos[variant][rounds / 2], nanos[variant][rounds - 1]);
            }
            if (sink == Double.MIN_VALUE) {
                System.out.println(sink); // keeps the visits' results alive
            }
        }
    }
}
