package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs the slot benchmarks once with every slot-benchmarkable kernel of the registry, and the naive slot
 * benchmark with every such kernel's twin, as {@link BenchmarkSmokeTest} runs the rest. Measures nothing.
 */
class SlotBenchmarkSmokeTest {

    @Test
    void everyRegisteredKernelRunsInTheSlotBenchmarks() throws RunnerException {
        final String[] kernels = BenchmarkKernels.slotKernels();
        final String[] twins = BenchmarkKernels.kernelsWithSlotTwins();
        final SmokeRuns runs = new SmokeRuns();
        runs.run(SmokeRuns.options("\\.SlotDecisionBenchmark\\.").param("kernel", kernels));
        runs.run(SmokeRuns.options("\\.EndToEndBenchmark\\.").param("kernel", kernels));
        runs.run(SmokeRuns.options("\\.NaiveSlotDecisionBenchmark\\.").param("kernel", twins));
        System.out.println("kernels run: " + runs.kernels);
        assertTrue(runs.benchmarks.containsAll(Set.of(
            "SlotDecisionBenchmark.slot", "NaiveSlotDecisionBenchmark.slot", "EndToEndBenchmark.slot")),
            runs.benchmarks.toString());
        assertTrue(runs.kernels.containsAll(List.of(kernels)) && runs.kernels.containsAll(List.of(twins)),
            "every slot-benchmarkable kernel of the registry ran: " + runs.kernels);
        assertTrue(kernels.length >= 6, "the 2019 kernels at least: " + List.of(kernels));
    }
}
