package org.stowage.cli.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stowage.sweep.Sweep;

/** The sweep's own rules: axes as written, refused axes, the grid's size, scheduler parameters per point. */
class SweepRulesTest {

    @Test
    void axesTakeListsAndRanges() {
        assertEquals(new Sweep.Axis("servers", List.of("5", "10", "20")), SweepRules.parseAxis("servers=5,10,20"));
        assertEquals(new Sweep.Axis("sizes", List.of("uniform:0.1,0.2", "uniform:0.2,0.3")),
            SweepRules.parseAxis("sizes=uniform:0.1,0.2;uniform:0.2,0.3"));
        assertEquals(List.of("0.85", "0.87", "0.89", "0.91", "0.93", "0.95", "0.97", "0.99"),
            SweepRules.parseAxis("intensity=0.85:0.99:0.02").values(), "12 significant digits, no 0.9900000000000001");
        assertEquals(List.of("4", "6"), SweepRules.parseAxis("scheduler.J=4,6").values());
    }

    @Test
    void badAxesAreRefusedNamingThem() {
        assertEquals("invalid value for --vary: 'servers' (expected NAME=VALUES)", refused("servers"));
        assertEquals("invalid value for --vary: 'seed=1,2': cannot vary 'seed'; variable: "
            + String.join(", ", WorkloadSettings.VARIABLE) + ", or scheduler.KEY", refused("seed=1,2"));
        assertEquals("invalid value for --vary: 'intensity=0.9:0.1:0.1' (START:END:STEP needs step > 0, end >= start"
            + " and at most 100000 values)", refused("intensity=0.9:0.1:0.1"));
        assertEquals("invalid value for --vary: 'servers=5,,6' has an empty value", refused("servers=5,,6"));
        assertEquals("invalid value for --vary: 'servers=5,6,5' gives 5 twice", refused("servers=5,6,5"));
    }

    private static String refused(final String axis) {
        return assertThrows(IllegalArgumentException.class, () -> SweepRules.parseAxis(axis)).getMessage();
    }

    @Test
    void theGridIsRefusedTwiceAxesAndTooManyRuns() {
        assertEquals("invalid value for --vary: 'servers=7' varies servers a second time (give one --vary servers=..."
            + " with every value)", assertThrows(IllegalArgumentException.class,
                () -> SweepRules.axes(List.of("servers=5", "servers=7"), 1, 1)).getMessage());
        assertEquals("invalid value for --vary: horizon=1:1000:1 warmup=1:1000:1 with 2 replication(s) and 1"
            + " scheduler(s) makes more than 1000000 runs", assertThrows(IllegalArgumentException.class,
                () -> SweepRules.axes(List.of("horizon=1:1000:1", "warmup=1:1000:1"), 2, 1)).getMessage());
        assertEquals(2, SweepRules.axes(List.of("horizon=1:1000:1", "warmup=1:500:1"), 2, 1).size(), "1,000,000 runs");
        assertEquals("invalid value for --replications: 0 (must be >= 1)",
            assertThrows(IllegalArgumentException.class, () -> SweepRules.requireReplications(0)).getMessage());
    }

    @Test
    void aPointsSchedulerParametersJoinOrReplaceTheSpecs() {
        assertEquals("VQS:J=4", SweepRules.withParameter("VQS", "J", "4"));
        assertEquals("VQS-BF:stall=0.5,J=4", SweepRules.withParameter("VQS-BF:J=7,stall=0.5", "J", "4"));
        final Sweep sweep = new Sweep(List.of("VQS"), List.of(new Sweep.Axis("scheduler.J", List.of("3", "5"))), 1, 1,
            Map.of());
        assertEquals("VQS:J=5", SweepRules.schedulerAt(sweep.points().get(1), "VQS"));
        assertEquals("invalid value for --vary: ", assertThrows(IllegalArgumentException.class,
            () -> SweepRules.schedulerAt(sweep.points().get(0), "BF-J")).getMessage().substring(0, 26));
    }
}
