package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import org.stowage.core.gpu.FgdEvaluation;
import org.stowage.core.gpu.FragmentationRun;
import org.stowage.core.gpu.PodSequence;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.trace.OpenbTrace;

/**
 * Times the whole FGD grid (17 pod lists x 6 policies x 10 seeds, {@link FgdEvaluation}) through the core
 * API, on a pool of threads: wall time, CPU time of every thread, and per policy. The command line's
 * {@code reproduce all-fgd} runs the same experiments as a sweep; this is the core's share of its time.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.stowage.bench.FgdGridTiming [threads] [seeds]</pre>
 * {@code pair ROUNDS [KERNEL TWIN]} times the default list's experiment (seed 42) of FGD and its naive twin
 * (or any two kernels) in this thread's CPU time, alternating, and prints each one's rounds and the ratio
 * of the medians: on a shared machine CPU time moves far less than wall time.
 * <pre>java -cp bench/target/benchmarks.jar org.stowage.bench.FgdGridTiming pair 5</pre>
 */
public final class FgdGridTiming {
    private FgdGridTiming() {
    }

    public static void main(final String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("pair")) {
            pair(Integer.parseInt(args[1]), args.length > 2 ? args[2] : "FGD", args.length > 3 ? args[3] : "FGD-naive");
            return;
        }
        final int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        final int seeds = args.length > 1 ? Integer.parseInt(args[1]) : FgdEvaluation.SEEDS.size();
        final Path folder = GpuKernelBenchmark.openb();
        final long loadStart = System.nanoTime();
        final Map<String, OpenbTrace> traces = new HashMap<>();
        final Map<String, TypicalPods> typical = new HashMap<>();
        for (final String list : FgdEvaluation.POD_LISTS) {
            final OpenbTrace trace = OpenbTrace.loadPodList(folder, list);
            traces.put(list, trace);
            typical.put(list, FragmentationRun.typicalPods(trace));
        }
        System.out.printf("loaded %d pod lists in %.1f s%n", traces.size(), (System.nanoTime() - loadStart) / 1e9);
        final com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final Map<String, AtomicLong> nanosByPolicy = new HashMap<>();
        for (final String policy : FgdEvaluation.POLICIES) {
            nanosByPolicy.put(policy, new AtomicLong());
        }
        final AtomicLong cpu = new AtomicLong();
        final ExecutorService pool = Executors.newFixedThreadPool(threads);
        final List<Future<?>> futures = new ArrayList<>();
        final long start = System.nanoTime();
        for (int s = 0; s < seeds; s++) {
            final long seed = FgdEvaluation.SEEDS.get(s);
            for (final String list : FgdEvaluation.POD_LISTS) {
                for (final String policy : FgdEvaluation.POLICIES) {
                    futures.add(pool.submit(() -> {
                        final long cpuBefore = bean.getCurrentThreadCpuTime();
                        final OpenbTrace trace = traces.get(list);
                        final FragmentationRun.Result result = FragmentationRun.run(trace, typical.get(list),
                            PodSequence.of(trace, PodSequence.PAPER_RATIO, seed), policy, seed);
                        nanosByPolicy.get(policy).addAndGet(result.wallNanos());
                        cpu.addAndGet(bean.getCurrentThreadCpuTime() - cpuBefore);
                    }));
                }
            }
        }
        for (final Future<?> future : futures) {
            future.get();
        }
        pool.shutdown();
        final double wall = (System.nanoTime() - start) / 1e9;
        System.out.printf("%d experiments on %d threads: %.1f s wall, %.1f s CPU%n", futures.size(), threads, wall,
            cpu.get() / 1e9);
        for (final String policy : FgdEvaluation.POLICIES) {
            System.out.printf("  %-14s %.1f s%n", policy, nanosByPolicy.get(policy).get() / 1e9);
        }
    }

    private static void pair(final int rounds, final String kernel, final String twin) {
        final OpenbTrace trace = OpenbTrace.loadPodList(GpuKernelBenchmark.openb(), FgdEvaluation.DEFAULT);
        final TypicalPods typical = FragmentationRun.typicalPods(trace);
        final PodSequence sequence = PodSequence.of(trace, PodSequence.PAPER_RATIO, 42);
        final ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        final double[] fast = new double[rounds];
        final double[] slow = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long before = bean.getCurrentThreadCpuTime();
            FragmentationRun.run(trace, typical, sequence, kernel, 42);
            fast[r] = (bean.getCurrentThreadCpuTime() - before) / 1e9;
            before = bean.getCurrentThreadCpuTime();
            FragmentationRun.run(trace, typical, sequence, twin, 42);
            slow[r] = (bean.getCurrentThreadCpuTime() - before) / 1e9;
            System.out.printf("round %d: %s %.3f s, %s %.3f s CPU%n", r + 1, kernel, fast[r], twin, slow[r]);
        }
        Arrays.sort(fast);
        Arrays.sort(slow);
        System.out.printf("median: %s %.3f s, %s %.3f s CPU: %.1fx%n", kernel, fast[rounds / 2], twin, slow[rounds / 2],
            slow[rounds / 2] / fast[rounds / 2]);
    }
}
