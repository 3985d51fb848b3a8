package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

/**
 * The audit finds a server whose residual no longer matches its jobs: at the next decision when an event
 * touched that server, and within {@link InvariantChecker#FULL_AUDIT_EVERY} decisions when none did. The
 * engine never corrupts a server (every other test holds it to that); here the test writes a residual behind
 * its back.
 */
class InvariantCheckerTest {
    private static final int JOBS = 3 * InvariantChecker.FULL_AUDIT_EVERY;

    /**
     * Server 0 holds one long job from time 0; then one short job a slot arrives and runs on server 1. Returns
     * the simulation after its first six decisions.
     */
    private static Simulation afterSixDecisions(final ServerTable servers) {
        final double[][] rows = new double[JOBS + 1][];
        rows[0] = new double[] {0, 10 * JOBS, 4};
        for (int i = 1; i <= JOBS; i++) {
            rows[i] = new double[] {i, 0.5, 8};
        }
        final Simulation simulation = Simulation.builder()
            .servers(servers)
            .workload(new ScriptedWorkload(rows))
            .scheduler(Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(true)
            .build();
        for (int i = 0; i < 6; i++) {
            simulation.step(Double.POSITIVE_INFINITY);
        }
        return simulation;
    }

    @Test
    void aCorruptedServerThatAnEventTouchesFailsAtThatDecision() throws ReflectiveOperationException {
        final ServerTable servers = ServerTable.homogeneous(2, 10);
        final Simulation simulation = afterSixDecisions(servers);
        residuals(servers)[1] -= 1;
        // the next arrival starts on server 1 (server 0 has 6 free, the job needs 8): the audit of that decision
        final IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
            for (int i = 0; i < 2; i++) {
                simulation.step(Double.POSITIVE_INFINITY);
            }
        });
        assertTrue(failure.getMessage().contains("server 1 resource 0"), failure.getMessage());
    }

    @Test
    void aCorruptedServerThatNoEventTouchesFailsWithinAFullAuditPeriod() throws ReflectiveOperationException {
        final ServerTable servers = ServerTable.homogeneous(2, 10);
        final Simulation simulation = afterSixDecisions(servers);
        // server 0 holds the long job alone and no event touches it again until time 10 x JOBS
        residuals(servers)[0] -= 1;
        final long before = simulation.decisionCount();
        final IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
            while (simulation.step(Double.POSITIVE_INFINITY)) {
                assertTrue(simulation.decisionCount() - before <= InvariantChecker.FULL_AUDIT_EVERY,
                    "not found within a full audit period");
            }
        });
        assertTrue(failure.getMessage().contains("server 0 resource 0"), failure.getMessage());
    }

    private static int[] residuals(final ServerTable servers) throws ReflectiveOperationException {
        final Field field = ServerTable.class.getDeclaredField("residual");
        field.setAccessible(true);
        return (int[]) field.get(servers);
    }
}
