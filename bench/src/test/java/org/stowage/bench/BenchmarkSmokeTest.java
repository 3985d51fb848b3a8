package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark method for one very short iteration, in process, at the smallest parameters, so a
 * broken benchmark fails the build; the slot benchmarks over the registry's kernels are
 * {@link SlotBenchmarkSmokeTest}'s (a class of their own, so the two run in the build's two test JVMs at once).
 * Measures nothing.
 */
class BenchmarkSmokeTest {

    @Test
    void everyBenchmarkRunsOnce() throws RunnerException {
        final SmokeRuns runs = new SmokeRuns();
        runs.run(SmokeRuns.options("(?!.*(SlotDecisionBenchmark|EndToEndBenchmark|GpuKernelBenchmark)).*"));
        // the GPU kernels on the openb cluster: two of them, a short warm-up (their twins cost seconds each)
        runs.run(SmokeRuns.options("\\.GpuKernelBenchmark\\.").param("kernel", "FGD", "Random")
            .param("warmupDecisions", "2000"));
        // the departure structures' benchmark sits in the engine's package (they are package-private)
        runs.run(new OptionsBuilder()
            .include("org\\.stowage\\.core\\.engine\\.DepartureStructureBenchmark\\.")
            .warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(30)).forks(0)
            .param("pending", "100000").shouldFailOnError(true));
        System.out.println("benchmarks run: " + runs.benchmarks);
        assertTrue(runs.benchmarks.containsAll(Set.of(
            "SlotFloorBenchmark.floor",
            "ServerIndexBenchmark.bestFitQueryAndUpdate", "ServerIndexBenchmark.naiveBestFitQueryAndUpdate",
            "ServerIndexBenchmark.firstFitQueryAndUpdate", "ServerIndexBenchmark.naiveFirstFitQueryAndUpdate",
            "QueueIndexBenchmark.largestAtMost", "QueueIndexBenchmark.largestAtMostAndUpdate",
            "QueueIndexBenchmark.naiveLargestAtMost",
            "MultiResourceIndexBenchmark.bestFit", "MultiResourceIndexBenchmark.naiveBestFit",
            "MultiResourceIndexBenchmark.firstFit", "MultiResourceIndexBenchmark.naiveFirstFit",
            "MultiResourceIndexBenchmark.randomFit", "MultiResourceIndexBenchmark.naiveRandomFit",
            "MultiResourceKernelBenchmark.instant", "LotesKernelBenchmark.instant", "DepartureStructureBenchmark.calendar",
            "GpuKernelBenchmark.decision", "GpuKernelBenchmark.experiment",
            "DepartureStructureBenchmark.heap")), runs.benchmarks.toString());
    }
}
