package org.stowage.core.kernel.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.DeviceDemand;

/** The artifact's GetTypicalPods: shapes by count, its tie order, the 95% cut, the spec text as key. */
class TypicalPodsTest {
    private static final int ANY = DeviceDemand.ANY_MODEL;

    private final List<Integer> cpus = new ArrayList<>();
    private final List<Integer> demands = new ArrayList<>();
    private final List<String> specs = new ArrayList<>();

    private void add(final int times, final int cpu, final int demand, final String spec) {
        for (int i = 0; i < times; i++) {
            cpus.add(cpu);
            demands.add(demand);
            specs.add(spec);
        }
    }

    private TypicalPods typical() {
        return TypicalPods.of(cpus.stream().mapToInt(Integer::intValue).toArray(),
            demands.stream().mapToInt(Integer::intValue).toArray(), specs.toArray(new String[0]));
    }

    @Test
    void mostFrequentShapesFirstUntilTheyCover95PercentTiesLargerFirst() {
        add(10, 4000, DeviceDemand.of(1, 500, ANY), "");
        add(5, 8000, DeviceDemand.of(1, 1000, ANY), "");
        add(3, 2000, DeviceDemand.NONE, "");
        add(1, 1000, DeviceDemand.of(2, 1000, ANY), "");
        add(1, 3000, DeviceDemand.of(1, 1000, ANY), "");
        // 20 pods: 95% is 19; counts 10, 15, 18, then 19 with one of the two singletons: the larger CPU (3000)
        final TypicalPods typical = typical();
        assertEquals(4, typical.count());
        assertEquals(4000, typical.cpu(0));
        assertEquals(10, typical.weight(0));
        assertEquals(8000, typical.cpu(1));
        assertEquals(2000, typical.cpu(2));
        assertEquals(3000, typical.cpu(3));
        assertEquals(19, typical.totalWeight());
    }

    @Test
    void shapesAreKeyedByTheirSpecTextNotTheirModels() {
        add(2, 4000, DeviceDemand.of(1, 500, 0b11), "A|B");
        add(2, 4000, DeviceDemand.of(1, 500, 0b11), "B|A");
        final TypicalPods typical = typical();
        assertEquals(2, typical.count());
        assertEquals("B|A", typical.spec(0), "equal counts: the larger text first");
        assertNotEquals(typical.spec(0), typical.spec(1));
        assertEquals(4, typical.totalWeight());
    }

    @Test
    void memoryIsNotPartOfAShape() {
        add(3, 4000, DeviceDemand.NONE, "");
        assertEquals(1, typical().count());
    }
}
