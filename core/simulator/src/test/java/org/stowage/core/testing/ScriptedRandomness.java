package org.stowage.core.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.model.Model;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * Runs a kernel with hand-written random streams, for hand-computed event logs: the kernel is wrapped so that
 * its context hands out, for each scripted stream, a generator that returns the listed values in order
 * ({@code nextDouble}, {@code nextExponential} and {@code nextInt} return the next value; {@code nextInt}
 * checks it against the bound; {@code nextBoolean} is the next value != 0) and fails when a stream runs dry
 * or is asked for something unlisted. Everything else goes to the real simulation. Tests only.
 */
public final class ScriptedRandomness {
    private final Map<Integer, Deque<Double>> scripts = new HashMap<>();

    /** Adds values to stream {@code stream}'s script. */
    public ScriptedRandomness stream(final int stream, final double... values) {
        final Deque<Double> script = scripts.computeIfAbsent(stream, s -> new ArrayDeque<>());
        for (final double value : values) {
            script.add(value);
        }
        return this;
    }

    /** The number of scripted values not drawn yet, over every stream. */
    public int remaining() {
        int left = 0;
        for (final Deque<Double> script : scripts.values()) {
            left += script.size();
        }
        return left;
    }

    /** {@code kernel} seeing the scripted streams. */
    public Scheduler wrap(final Scheduler kernel) {
        return new Scheduler() {
            @Override
            public String name() {
                return kernel.name();
            }

            @Override
            public void attach(final SchedulerContext context) {
                kernel.attach(new Scripted(context));
            }

            @Override
            public void onArrival(final int job) {
                kernel.onArrival(job);
            }

            @Override
            public void onDeparture(final int job, final int server) {
                kernel.onDeparture(job, server);
            }

            @Override
            public void onTick(final long tag) {
                kernel.onTick(tag);
            }

            @Override
            public void decide(final double now) {
                kernel.decide(now);
            }
        };
    }

    private final class Scripted implements SchedulerContext {
        private final SchedulerContext real;

        Scripted(final SchedulerContext real) {
            this.real = real;
        }

        @Override
        public JobView jobs() {
            return real.jobs();
        }

        @Override
        public ServerView servers() {
            return real.servers();
        }

        @Override
        public TimeMode timeMode() {
            return real.timeMode();
        }

        @Override
        public double now() {
            return real.now();
        }

        @Override
        public Model model() {
            return real.model();
        }

        @Override
        public JobQueue newQueue() {
            return real.newQueue();
        }

        @Override
        public JobQueue newQueue(final JobQueue.Order order) {
            return real.newQueue(order);
        }

        @Override
        public FifoQueue newFifoQueue() {
            return real.newFifoQueue();
        }

        @Override
        public void place(final int job, final int server) {
            real.place(job, server);
        }

        @Override
        public int placeDummy(final int jobClass, final int server, final double serviceTime) {
            return real.placeDummy(jobClass, server, serviceTime);
        }

        @Override
        public void removeDummy(final int job) {
            real.removeDummy(job);
        }

        @Override
        public boolean arrivalsEnded() {
            return real.arrivalsEnded();
        }

        @Override
        public void scheduleTick(final double time, final long tag) {
            real.scheduleTick(time, tag);
        }

        @Override
        public RandomGenerator random(final int stream) {
            return new Stream(stream);
        }
    }

    private final class Stream implements RandomGenerator {
        private final int id;

        Stream(final int id) {
            this.id = id;
        }

        private double next(final String what) {
            final Deque<Double> script = scripts.get(id);
            if (script == null || script.isEmpty()) {
                throw new AssertionError("stream " + id + " has no scripted value left for " + what);
            }
            return script.poll();
        }

        @Override
        public long nextLong() {
            throw new AssertionError("stream " + id + ": nextLong is not scripted");
        }

        @Override
        public double nextDouble() {
            final double value = next("nextDouble");
            assert value >= 0 && value < 1 : value;
            return value;
        }

        @Override
        public double nextExponential() {
            return next("nextExponential");
        }

        @Override
        public int nextInt(final int bound) {
            final double value = next("nextInt(" + bound + ")");
            if (value < 0 || value >= bound || value != Math.rint(value)) {
                throw new AssertionError("stream " + id + ": scripted " + value + " for nextInt(" + bound + ")");
            }
            return (int) value;
        }

        @Override
        public boolean nextBoolean() {
            return next("nextBoolean") != 0;
        }
    }
}
