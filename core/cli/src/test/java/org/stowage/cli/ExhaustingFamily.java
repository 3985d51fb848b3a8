package org.stowage.cli;

import java.util.List;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;

/**
 * A test double on the tests' class path only: the kernel {@value #NAME} runs out of memory at its first
 * decision, as a real kernel does when a queue outgrows the heap that the up-front estimate let through.
 * It lets the tests check, in milliseconds and in-process, what a run keeps when a later scheduler fails.
 */
public final class ExhaustingFamily implements KernelFamily {
    /** The kernel's name; commands that iterate the registry (the fuzz test) leave it out. */
    static final String NAME = "Test-Exhausting";

    @Override
    public String name() {
        return "test-exhausting";
    }

    @Override
    public List<KernelDefinition> definitions() {
        return List.of(KernelDefinition.kernel(NAME)
            .summary("test double: throws OutOfMemoryError at its first decision")
            .paper("none (tests only)")
            .factory(model -> new Scheduler() {
                @Override
                public String name() {
                    return NAME;
                }

                @Override
                public void attach(final SchedulerContext context) {
                }

                @Override
                public void onArrival(final int job) {
                    throw new OutOfMemoryError("Java heap space (" + NAME + ")");
                }

                @Override
                public void onDeparture(final int job, final int server) {
                }

                @Override
                public void decide(final double now) {
                }
            })
            .build());
    }
}
