package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark method for one very short iteration, in process, at the smallest parameters, so a
 * broken benchmark fails the build. Measures nothing.
 */
class BenchmarkSmokeTest {

    @Test
    void everyBenchmarkRunsOnceAndEveryRegisteredKernelInTheSlotBenchmarks() throws RunnerException {
        // the smoke run measures nothing, so a JMH session running beside the build must not fail it
        System.setProperty("jmh.ignoreLock", "true");
        final String[] kernels = BenchmarkKernels.slotKernels();
        final String[] twins = BenchmarkKernels.kernelsWithSlotTwins();
        final List<RunResult> results = new ArrayList<>();
        results.addAll(run(options("(?!.*(SlotDecisionBenchmark|EndToEndBenchmark|GpuKernelBenchmark)).*")));
        results.addAll(run(options("\\.SlotDecisionBenchmark\\.").param("kernel", kernels)));
        results.addAll(run(options("\\.EndToEndBenchmark\\.").param("kernel", kernels)));
        results.addAll(run(options("\\.NaiveSlotDecisionBenchmark\\.").param("kernel", twins)));
        // the GPU kernels on the openb cluster: two of them, a short warm-up (their twins cost seconds each)
        results.addAll(run(options("\\.GpuKernelBenchmark\\.").param("kernel", "FGD", "Random")
            .param("warmupDecisions", "2000")));
        // the departure structures' benchmark sits in the engine's package (they are package-private)
        results.addAll(run(new OptionsBuilder()
            .include("org\\.stowage\\.core\\.engine\\.DepartureStructureBenchmark\\.")
            .warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(30)).forks(0)
            .param("pending", "100000").shouldFailOnError(true)));
        final Set<String> ran = new TreeSet<>();
        final Set<String> kernelsRan = new TreeSet<>();
        for (final RunResult result : results) {
            final String label = result.getParams().getBenchmark();
            ran.add(label.substring(label.lastIndexOf('.', label.lastIndexOf('.') - 1) + 1));
            final String kernel = result.getParams().getParam("kernel");
            if (kernel != null) {
                kernelsRan.add(kernel);
            }
            assertFalse(Double.isNaN(result.getPrimaryResult().getScore()), label);
        }
        System.out.println("benchmarks run: " + ran);
        System.out.println("kernels run: " + kernelsRan);
        assertTrue(ran.containsAll(Set.of(
            "SlotDecisionBenchmark.slot", "SlotFloorBenchmark.floor", "NaiveSlotDecisionBenchmark.slot",
            "ServerIndexBenchmark.bestFitQueryAndUpdate", "ServerIndexBenchmark.naiveBestFitQueryAndUpdate",
            "ServerIndexBenchmark.firstFitQueryAndUpdate", "ServerIndexBenchmark.naiveFirstFitQueryAndUpdate",
            "QueueIndexBenchmark.largestAtMost", "QueueIndexBenchmark.largestAtMostAndUpdate",
            "QueueIndexBenchmark.naiveLargestAtMost", "EndToEndBenchmark.slot",
            "MultiResourceIndexBenchmark.bestFit", "MultiResourceIndexBenchmark.naiveBestFit",
            "MultiResourceIndexBenchmark.firstFit", "MultiResourceIndexBenchmark.naiveFirstFit",
            "MultiResourceIndexBenchmark.randomFit", "MultiResourceIndexBenchmark.naiveRandomFit",
            "MultiResourceKernelBenchmark.instant", "LotesKernelBenchmark.instant", "DepartureStructureBenchmark.calendar",
            "GpuKernelBenchmark.decision", "GpuKernelBenchmark.experiment",
            "DepartureStructureBenchmark.heap")), ran.toString());
        assertTrue(kernelsRan.containsAll(List.of(kernels)) && kernelsRan.containsAll(List.of(twins)),
            "every slot-benchmarkable kernel of the registry ran: " + kernelsRan);
        assertTrue(kernels.length >= 6, "the 2019 kernels at least: " + List.of(kernels));
    }

    private static OptionsBuilder options(final String include) {
        final OptionsBuilder builder = new OptionsBuilder();
        builder.include("org\\.stowage\\.bench" + (include.startsWith("\\") ? include : "\\." + include))
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(30))
            .forks(0)
            .param("servers", "1000")
            .param("queued", "10000")
            .param("perConfiguration", "100")
            // one value of the axes that change only the scale: every method still runs, at the smallest
            .param("dimensions", "2")
            .param("jobs", "1000000")
            .shouldFailOnError(true);
        return builder;
    }

    private static Collection<RunResult> run(final ChainedOptionsBuilder options) throws RunnerException {
        return new Runner(options.build()).run();
    }
}
