package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.ServerTable;

/**
 * The index benchmark compares like with like: the indexed methods and their naive twins make the same
 * decision at every operation and leave the same residuals, and the state changes (so no side can fold
 * its update away).
 */
class ServerIndexBenchmarkTest {

    @Test
    void indexedAndNaiveMethodsMakeTheSameDecisionsOnTheSameState() {
        final ServerIndexBenchmark benchmark = new ServerIndexBenchmark();
        benchmark.servers = 1000;
        benchmark.setUp();
        assertSameResiduals(benchmark, "after set-up");
        int placed = 0;
        int missed = 0;
        for (int i = 0; i < 20_000; i++) {
            final int best = benchmark.bestFitQueryAndUpdate();
            assertEquals(best, benchmark.naiveBestFitQueryAndUpdate(), "best fit, operation " + i);
            final int first = benchmark.firstFitQueryAndUpdate();
            assertEquals(first, benchmark.naiveFirstFitQueryAndUpdate(), "first fit, operation " + i);
            placed += (best != ServerTable.NONE ? 1 : 0) + (first != ServerTable.NONE ? 1 : 0);
            missed += (best == ServerTable.NONE ? 1 : 0) + (first == ServerTable.NONE ? 1 : 0);
        }
        assertSameResiduals(benchmark, "after 20,000 operations");
        assertTrue(placed > 30_000, "most probes find a server: " + placed + " placed, " + missed + " missed");
    }

    @Test
    void everyOperationChangesTheState() {
        final ServerIndexBenchmark benchmark = new ServerIndexBenchmark();
        benchmark.servers = 1000;
        benchmark.setUp();
        final int[] before = new int[benchmark.servers];
        for (int s = 0; s < before.length; s++) {
            before[s] = benchmark.naiveResidual(s);
        }
        benchmark.naiveBestFitQueryAndUpdate();
        int changed = 0;
        for (int s = 0; s < before.length; s++) {
            changed += before[s] != benchmark.naiveResidual(s) ? 1 : 0;
        }
        // one departure and one placement, on different servers unless they happen to coincide
        assertNotEquals(0, changed, "a naive operation left every residual as it was");
    }

    private static void assertSameResiduals(final ServerIndexBenchmark benchmark, final String when) {
        for (int s = 0; s < benchmark.servers; s++) {
            assertEquals(benchmark.indexedResidual(s), benchmark.naiveResidual(s), "server " + s + " " + when);
        }
    }
}
