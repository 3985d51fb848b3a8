package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark method for one very short iteration, in process, at the smallest parameters, so a
 * broken benchmark fails the build. Measures nothing.
 */
class BenchmarkSmokeTest {

    @Test
    void everyBenchmarkRunsOnce() throws RunnerException {
        // the smoke run measures nothing, so a JMH session running beside the build must not fail it
        System.setProperty("jmh.ignoreLock", "true");
        final Options options = new OptionsBuilder()
            .include("org\\.stowage\\.bench\\..*")
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(30))
            .forks(0)
            .param("servers", "1000")
            .param("queued", "10000")
            .shouldFailOnError(true)
            .build();
        final Collection<RunResult> results = new Runner(options).run();
        final Set<String> ran = new TreeSet<>();
        for (final RunResult result : results) {
            final String label = result.getParams().getBenchmark();
            ran.add(label.substring(label.lastIndexOf('.', label.lastIndexOf('.') - 1) + 1));
            assertFalse(Double.isNaN(result.getPrimaryResult().getScore()), label);
        }
        System.out.println("benchmarks run: " + ran);
        assertTrue(ran.containsAll(Set.of(
            "SlotDecisionBenchmark.slot", "NaiveSlotDecisionBenchmark.slot",
            "ServerIndexBenchmark.bestFitQueryAndUpdate", "ServerIndexBenchmark.naiveBestFitQueryAndUpdate",
            "ServerIndexBenchmark.firstFitQueryAndUpdate", "ServerIndexBenchmark.naiveFirstFitQueryAndUpdate",
            "QueueIndexBenchmark.largestAtMost", "QueueIndexBenchmark.largestAtMostAndUpdate",
            "QueueIndexBenchmark.naiveLargestAtMost", "EndToEndBenchmark.slot")), ran.toString());
        // 6 indexed and 5 naive kernels at one size for the two slot benchmarks, 4 + 3 index methods at one
        // size, 6 end-to-end kernels
        assertEquals(6 + 5 + 4 + 3 + 6, results.size(), "one result per benchmark and parameter combination");
    }
}
