package org.stowage.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * The kit's failures lead to the fix: a kernel that allocates is told where (its allocating frames), and one
 * that overfills a server is told which resource, how much it asked and how much was free.
 */
class KitDiagnosticsTest {

    /** First fit that boxes every placement into a field: about 16 bytes per placement. */
    private static final class BoxingFirstFit extends CentralQueueScheduler {
        private Object last;

        BoxingFirstFit() {
            super("BOXING");
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void decide(final double now) {
            for (int job = queue.head(); job != JobQueue.NONE; job = queue.head()) {
                final int server = servers.firstFit(jobs, job);
                if (server == ServerView.NONE) {
                    return;
                }
                last = Long.valueOf(((long) job << 32) | server | 1L << 62);
                start(job, server);
            }
        }

        @Override
        public String toString() {
            return String.valueOf(last);
        }
    }

    /** Starts the head of the queue on server 0 whether it fits or not. */
    private static final class Overfilling extends CentralQueueScheduler {
        Overfilling() {
            super("OVERFILL");
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void decide(final double now) {
            for (int job = queue.head(); job != JobQueue.NONE; job = queue.head()) {
                start(job, 0);
            }
        }
    }

    @Test
    void anAllocatingKernelIsToldItsAllocatingFrames() {
        final AssertionError error = assertThrows(AssertionError.class,
            () -> SteadyStateAllocation.assertAllocationFree("BOXING", model -> new BoxingFirstFit(),
                KernelRequirements.singleResource().withTimeModes(TimeMode.SLOTTED), null));
        final String message = error.getMessage();
        assertTrue(message.startsWith("BOXING SLOTTED still allocated "), message);
        assertTrue(message.contains("; where, by stack (a JFR recording of one more window):\n"), message);
        assertTrue(Pattern.compile("\n +\\d+% java\\.lang\\.Long\\.valueOf\\(Long\\.java:\\d+\\) <- "
            + "org\\.stowage\\.testkit\\.KitDiagnosticsTest\\$BoxingFirstFit\\.decide\\(KitDiagnosticsTest\\.java:\\d+\\)")
            .matcher(message).find(), message);
    }

    @Test
    void anOverfillNamesTheResourceTheRequestAndTheResidual() {
        final KernelDefinition overfilling = KernelDefinition.kernel("OVERFILL").summary("s").paper("p")
            .factory(model -> new Overfilling()).build();
        final AssertionError error = assertThrows(AssertionError.class,
            () -> ConformanceChecks.assertInvariantsHold(overfilling, ""));
        final String message = error.getMessage();
        assertTrue(message.startsWith("OVERFILL failed in scenario seed="), message);
        assertTrue(Pattern.compile(": org\\.stowage\\.core\\.engine\\.SchedulerFault: scheduler OVERFILL placed job \\d+ on"
            + " server 0 which had \\d+ units of resource \\d left for a request of \\d+ units \\(at time [\\d.]+\\)")
            .matcher(message).find(), message);
    }
}
