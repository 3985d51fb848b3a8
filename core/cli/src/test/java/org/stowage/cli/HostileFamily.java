package org.stowage.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * A test double on the tests' class path only, like a user's jar on {@code STOWAGE_CLASSPATH}: the kernel
 * {@value #NAME} is FIFO first fit until its decision number {@code at} (1 by default), where it misbehaves
 * as {@code does=} says, in every way issue 39 lists; {@code does=nothing} behaves throughout. The fuzz test
 * ({@code UserKernelFuzzTest}) runs every way through {@code run}, {@code sweep} and
 * {@code reproduce --add-scheduler}. Commands that iterate the registry leave it out (its name starts with
 * "Test-").
 */
public final class HostileFamily implements KernelFamily {
    /** The kernel's name. */
    static final String NAME = "Test-Hostile";

    /** The ways it misbehaves; each is {@code does=NAME} in lower case with dashes. */
    enum Does {
        /** Nothing: FIFO first fit throughout. */
        NOTHING(Phase.NEVER),
        /** Its factory returns null. */
        FACTORY_NULL(Phase.SET_UP),
        /** Its factory throws an IllegalStateException. */
        FACTORY_THROWS(Phase.SET_UP),
        /** Its attach throws an IllegalStateException. */
        ATTACH_THROWS(Phase.SET_UP),
        /** Its attach throws an Error (a class it needs is missing). */
        ATTACH_ERROR(Phase.SET_UP),
        /** Its decide throws a NullPointerException. */
        DECIDE_THROWS(Phase.RUN),
        /** Its decide throws an IllegalArgumentException: still the kernel's failure, not a bad request. */
        DECIDE_REFUSES(Phase.RUN),
        /** Its decide throws an Error. */
        DECIDE_ERROR(Phase.RUN),
        /** Its decide recurses until the stack overflows. */
        RECURSE(Phase.RUN),
        /** It places a job where it does not fit. */
        OVERFILL(Phase.RUN),
        /** It places a running job a second time. */
        DOUBLE_START(Phase.RUN),
        /** It takes a job out of its queue and places it nowhere. */
        LOSE_JOB(Phase.RUN),
        /** It casts its job view to the engine's table, to change a running job's size. */
        CAST(Phase.RUN),
        /** A tick that reschedules itself at its own instant, forever. */
        TICK_FOREVER(Phase.RUN),
        /** Every decision asks for another at the same instant, forever. */
        DECIDE_FOREVER(Phase.RUN),
        /** Its name has escape characters, and then its decide throws. */
        ESCAPES(Phase.RUN),
        /** Its decide never returns (a watchdog's case: stops the process, so tests run it in a child JVM). */
        HANG(Phase.HANG);

        final Phase phase;

        Does(final Phase phase) {
            this.phase = phase;
        }

        /** The parameter's text: {@code decide-throws}. */
        String text() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** When a misbehaviour shows: never, at set-up (before anything runs), while running, or by hanging. */
    enum Phase {
        NEVER, SET_UP, RUN, HANG
    }

    @Override
    public String name() {
        return "test-hostile";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final List<String> ways = new ArrayList<>();
        for (final Does does : Does.values()) {
            ways.add(does.text());
        }
        final KernelParameter does = new KernelParameter("does", "how it misbehaves", "one of " + ways, "nothing",
            text -> {
                for (final Does each : Does.values()) {
                    if (each.text().equals(text.strip())) {
                        return each;
                    }
                }
                throw new IllegalArgumentException("one of " + ways);
            });
        return List.of(KernelDefinition.kernel(NAME)
            .summary("test double: FIFO first fit that misbehaves at decision 'at' as 'does' says")
            .paper("none (tests only)")
            .parameter(does)
            .parameter(KernelParameter.integer("at", "the decision at which it misbehaves", 1, 1_000_000, 1))
            .configured(parameters -> {
                final Does way = (Does) parameters.value("does");
                final int at = parameters.integer("at");
                return model -> switch (way) {
                    case FACTORY_NULL -> null;
                    case FACTORY_THROWS -> throw new IllegalStateException("the factory of " + NAME + " is broken");
                    default -> new Hostile(way, at);
                };
            })
            .build());
    }

    /** FIFO first fit, until decision {@code at}. */
    private static final class Hostile implements Scheduler {
        private final Does does;
        private final int at;
        private SchedulerContext context;
        private JobView jobs;
        private ServerView servers;
        private JobQueue queue;
        private int decisions;

        Hostile(final Does does, final int at) {
            this.does = does;
            this.at = at;
        }

        @Override
        public String name() {
            return does == Does.ESCAPES ? NAME + "\u001b[31m\u0007red\u001b[0m" : NAME;
        }

        @Override
        public void attach(final SchedulerContext schedulerContext) {
            if (does == Does.ATTACH_THROWS) {
                throw new IllegalStateException("cannot attach: the cluster is not what " + NAME + " expected");
            }
            if (does == Does.ATTACH_ERROR) {
                throw new NoClassDefFoundError("com/acme/MissingHelper");
            }
            context = schedulerContext;
            jobs = schedulerContext.jobs();
            servers = schedulerContext.servers();
            queue = schedulerContext.newQueue();
        }

        @Override
        public void onArrival(final int job) {
            queue.enqueue(job);
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void onTick(final long tag) {
            if (tag == 7) {
                context.scheduleTick(context.now(), tag);
            }
        }

        @Override
        public void decide(final double now) {
            if (++decisions >= at && misbehave()) {
                return;
            }
            while (!queue.isEmpty()) {
                final int job = queue.head();
                final int server = servers.firstFit(jobs, job);
                if (server == ServerView.NONE) {
                    return;
                }
                queue.remove(job);
                context.place(job, server);
            }
        }

        /** Misbehaves as asked; true when this decision is over. */
        private boolean misbehave() {
            switch (does) {
                case DECIDE_THROWS -> throw new NullPointerException("Cannot read field \"next\" because \"node\" is null");
                case DECIDE_REFUSES, ESCAPES -> throw new IllegalArgumentException("no such server: -1");
                case DECIDE_ERROR -> throw new LinkageError("com.acme.Helper changed under " + NAME);
                case RECURSE -> recurse(0);
                case OVERFILL -> {
                    // the largest job on the emptiest-looking server until one does not fit
                    while (!queue.isEmpty()) {
                        final int job = queue.head();
                        queue.remove(job);
                        context.place(job, 0);
                    }
                    return true;
                }
                case DOUBLE_START -> {
                    if (!queue.isEmpty()) {
                        final int job = queue.head();
                        queue.remove(job);
                        context.place(job, servers.firstFit(jobs, job) == ServerView.NONE ? 0
                            : servers.firstFit(jobs, job));
                        context.place(job, 0);
                    }
                    return true;
                }
                case LOSE_JOB -> {
                    if (!queue.isEmpty()) {
                        queue.remove(queue.head());
                    }
                    return true;
                }
                case CAST -> {
                    final JobTable table = (JobTable) jobs;
                    table.setSize(0, 0, 1);
                    return true;
                }
                case TICK_FOREVER -> {
                    if (decisions == at) {
                        context.scheduleTick(context.now(), 7);
                    }
                    return false;
                }
                case DECIDE_FOREVER -> {
                    context.scheduleTick(context.now(), -1);
                    return false;
                }
                case HANG -> {
                    while (true) {
                        LockSupport.parkNanos(1_000_000_000L);
                    }
                }
                default -> {
                    return false;
                }
            }
            return false;
        }

        private static int recurse(final int depth) {
            return recurse(depth + 1) + 1;
        }
    }
}
