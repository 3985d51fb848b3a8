package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;

/**
 * The benchmarks behind published numbers run three forks unless told otherwise, so a number carries the
 * run-to-run variance of the JIT (the smoke test overrides this with forks(0)).
 */
class HeadlineForksTest {

    @Test
    void everyJmhBenchmarkDefaultsToAtLeastThreeForks() {
        for (final Class<?> benchmark : List.of(SlotDecisionBenchmark.class, SlotFloorBenchmark.class,
            NaiveSlotDecisionBenchmark.class, EndToEndBenchmark.class, ServerIndexBenchmark.class,
            QueueIndexBenchmark.class, GpuKernelBenchmark.class)) {
            final Fork fork = benchmark.getAnnotation(Fork.class);
            assertNotNull(fork, benchmark.getSimpleName() + " has no @Fork");
            assertTrue(fork.value() >= 3, benchmark.getSimpleName() + " forks " + fork.value() + " times");
        }
    }
}
