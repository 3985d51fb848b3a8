package org.stowage.core.kernel.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The plan's accessors on a hand-made plan, and every validation error with its message. */
class LotesPlanTest {
    /**
     * Two classes, two configurations: servers 0, 2, 3 in configuration 0, server 1 in configuration 1.
     * Bins: 0 = (2, 1) and 1 = (0, 3) in configuration 0, 2 = (1, 0) in configuration 1.
     */
    private static final int[] CONFIGURATION = {0, 1, 0, 0};
    private static final int[] BIN = {0, 2, 1, 0};
    private static final int[] BIN_CONFIGURATION = {0, 0, 1};
    private static final int[] BIN_JOBS = {2, 1, 0, 3, 1, 0};
    // class 0: 4 slots in configuration 0, 1 in configuration 1; class 1: 5 in configuration 0 only
    private static final double[] ROUTING = {0.8, 0.2, 1.0, 0.0};

    private static LotesPlan plan() {
        return LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 8.5);
    }

    @Test
    void accessorsReadTheArrays() {
        final LotesPlan plan = plan();
        assertEquals(2, plan.classCount());
        assertEquals(2, plan.configurationCount());
        assertEquals(4, plan.serverCount());
        assertEquals(3, plan.binCount());
        assertEquals(3, plan.configurationSize(0));
        assertEquals(0, plan.configurationServer(0, 0));
        assertEquals(2, plan.configurationServer(0, 1));
        assertEquals(3, plan.configurationServer(0, 2));
        assertEquals(1, plan.configurationServer(1, 0));
        assertEquals(2, plan.target(0, 0));
        assertEquals(1, plan.target(0, 1));
        assertEquals(0, plan.target(2, 0));
        assertEquals(3, plan.target(2, 1));
        assertEquals(1, plan.target(1, 0));
        assertEquals(4, plan.classSlots(0, 0));
        assertEquals(5, plan.classSlots(0, 1));
        assertEquals(1, plan.classSlots(1, 0));
        assertEquals(0, plan.classSlots(1, 1));
        assertTrue(plan.serves(1, 0));
        assertFalse(plan.serves(1, 1));
        assertEquals(0.8, plan.routingProbability(0, 0));
        assertEquals(0.0, plan.routingProbability(1, 1));
        assertTrue(plan.isRouted(1));
        assertEquals(9, plan.lambdaStar());
        assertEquals(8.5, plan.roundedLambda());
        assertEquals(10, plan.allocationLambda());
    }

    @Test
    void theInputArraysAreCopied() {
        final int[] bin = BIN.clone();
        final LotesPlan plan = LotesPlan.of(2, CONFIGURATION, bin, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 8.5);
        bin[0] = 1;
        assertEquals(2, plan.target(0, 0));
    }

    @Test
    void aClassThatNoMachineHoldsHasAnAllZeroRoutingRow() {
        final LotesPlan plan = LotesPlan.of(2, new int[] {0}, new int[] {0}, new int[] {0}, new int[] {1, 0},
            new double[] {1, 0}, 1, 1, 1);
        assertFalse(plan.isRouted(1));
        assertEquals(0, plan.routingProbability(1, 0));
    }

    @Test
    void everyInconsistencyIsAnErrorNamingIt() {
        expect("class count must be in [1, 32768]: 0",
            () -> LotesPlan.of(0, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 8.5));
        expect("binOfServer has 3 entries, configurationOfServer 4",
            () -> LotesPlan.of(2, CONFIGURATION, new int[] {0, 2, 1}, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 8.5));
        expect("binJobs must have bins x classes = 3 x 2 entries: 5",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, new int[5], ROUTING, 10, 9, 8.5));
        expect("configuration of server 1 must be in [0, 2): 2",
            () -> LotesPlan.of(2, new int[] {0, 2, 0, 0}, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 8.5));
        expect("server 0 of configuration 0 emulates bin 2 of configuration 1",
            () -> LotesPlan.of(2, CONFIGURATION, new int[] {2, 2, 1, 0}, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9,
                8.5));
        expect("no server emulates bin 1",
            () -> LotesPlan.of(2, CONFIGURATION, new int[] {0, 2, 0, 0}, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9,
                8.5));
        expect("configuration 1 has no server",
            () -> LotesPlan.of(2, new int[] {0, 0, 0, 0}, new int[] {0, 1, 1, 0}, new int[] {0, 0}, new int[] {2, 1, 0, 3},
                ROUTING, 10, 9, 8.5));
        expect("bin 1 has a negative count of class 0: -1",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, new int[] {2, 1, -1, 3, 1, 0}, ROUTING, 10, 9,
                8.5));
        expect("routing probability of class 1 to configuration 1 is 0.5 but the configuration has 0 slots",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, new double[] {0.8, 0.2, 0.5, 0.5},
                10, 9, 8.5));
        expect("routing probabilities of class 0 must sum to 1: 0.75",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, new double[] {0.5, 0.25, 1, 0}, 10, 9,
                8.5));
        expect("routing must have classes x configurations entries, a multiple of 2: 3",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, new double[] {1, 0, 1}, 10, 9, 8.5));
        expect("lambda* 11.0 exceeds the allocation LP's lambda 10.0",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 11, 8.5));
        expect("rounded lambda 9.5 exceeds lambda* 9.0",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, 9, 9.5));
        expect("lambda* must be finite and >= 0: NaN",
            () -> LotesPlan.of(2, CONFIGURATION, BIN, BIN_CONFIGURATION, BIN_JOBS, ROUTING, 10, Double.NaN, 8.5));
    }

    private static void expect(final String message, final org.junit.jupiter.api.function.Executable call) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith("LoTES plan: "), e.getMessage());
        assertTrue(e.getMessage().contains(message), "expected '" + message + "' in: " + e.getMessage());
    }
}
