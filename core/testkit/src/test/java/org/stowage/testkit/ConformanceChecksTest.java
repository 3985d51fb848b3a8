package org.stowage.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * The kit catches what it is there to catch, and says which scenario: a kernel that decides otherwise than
 * its twin, one that is not deterministic, and one that leaves jobs waiting for ever.
 */
class ConformanceChecksTest {

    /** First fit from a server drawn by an unseeded generator: fits the invariants, not determinism. */
    private static final class UnseededFirstFit extends CentralQueueScheduler {
        private final SplittableRandom random = new SplittableRandom();

        UnseededFirstFit() {
            super("UNSEEDED");
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void decide(final double now) {
            for (int job = queue.head(); job != JobQueue.NONE; job = queue.head()) {
                final int first = random.nextInt(serverCount);
                int server = ServerView.NONE;
                for (int i = 0; i < serverCount && server == ServerView.NONE; i++) {
                    server = servers.fits(jobs, job, (first + i) % serverCount) ? (first + i) % serverCount : server;
                }
                if (server == ServerView.NONE) {
                    return;
                }
                start(job, server);
            }
        }
    }

    /** Queues every job and never starts one. */
    private static final class Idle extends CentralQueueScheduler {
        Idle() {
            super("IDLE");
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void decide(final double now) {
        }
    }

    @Test
    void aKernelThatDecidesOtherwiseThanItsTwinFailsNamingTheEventAndTheSeed() {
        final AssertionError error = assertThrows(AssertionError.class,
            () -> ConformanceChecks.assertMatchesTwin(Kernels.definition("BF-J"), Kernels.definition("FIFO-FF-naive"), ""));
        assertTrue(error.getMessage().startsWith("BF-J and FIFO-FF-naive diverge at event "), error.getMessage());
        assertTrue(error.getMessage().contains(" in scenario seed="), error.getMessage());
    }

    @Test
    void aKernelThatIsNotDeterministicFailsNamingTheSeed() {
        final KernelDefinition unseeded = KernelDefinition.kernel("UNSEEDED").summary("s").paper("p")
            .factory(model -> new UnseededFirstFit()).build();
        final AssertionError error = assertThrows(AssertionError.class,
            () -> ConformanceChecks.assertInvariantsHold(unseeded, ""));
        assertTrue(error.getMessage().startsWith("UNSEEDED is not deterministic: a second run of scenario seed="),
            error.getMessage());
    }

    @Test
    void aKernelThatLeavesJobsWaitingFailsNamingTheSeed() {
        final KernelDefinition idle = KernelDefinition.kernel("IDLE").summary("s").paper("p")
            .factory(model -> new Idle()).build();
        final AssertionError error = assertThrows(AssertionError.class,
            () -> ConformanceChecks.assertInvariantsHold(idle, ""));
        assertTrue(error.getMessage().startsWith("IDLE must finish or reject every job in seed="), error.getMessage());
    }
}
