package org.stowage.core.workload;

import java.util.random.RandomGenerator;

/**
 * How many jobs arrive when. A mutable cursor over arrival instants, advanced by {@link SyntheticWorkload};
 * allocation-free. Use a fresh instance per workload.
 */
public abstract class Arrivals {
    /** Current arrival instant, or positive infinity when exhausted. */
    protected double time;
    /** Jobs still to arrive at {@link #time}. */
    protected long remainingAtTime;

    /** Moves to the next instant with at least one arrival. */
    protected abstract void advance(RandomGenerator random);

    /** Mean arrivals per unit time (per slot in slotted mode), or NaN when not a rate process. */
    public abstract double rate();

    /**
     * A new cursor over the same process, at its start: what a workload takes when it starts, since a cursor
     * serves one workload ({@code RunSpec.builder().arrivals(...)} starts one per run).
     */
    public abstract Arrivals fresh();

    /** The total number of arrivals when it is fixed in advance (a batch), else -1. */
    public long count() {
        return -1;
    }

    final double peek() {
        return time;
    }

    final void consumeOne(final RandomGenerator random) {
        if (--remainingAtTime == 0) {
            advance(random);
        }
    }

    final void start(final RandomGenerator random) {
        time = 0;
        remainingAtTime = 0;
        advance(random);
    }

    /**
     * Slotted: a Poisson number of jobs with mean {@code lambda} at the start of every slot 0, 1, ...
     * (2019 paper, Sec. II). Empty slots are skipped in O(1): the gap to the next non-empty slot is
     * geometric and the count there is a zero-truncated Poisson, which is the same process.
     *
     * @param lambda mean arrivals per slot, in (0, {@link RandomVariates#MAX_POISSON_MEAN}]
     */
    public static Arrivals poissonPerSlot(final double lambda) {
        checkRate(lambda, "per slot");
        // The per-slot constants, computed once: the same variates, bit for bit, as computing them every
        // slot (StrictMath's log1p and expm1 have no intrinsic; they were about 5 ns per job end to end).
        final double emptyProbability = Math.exp(-lambda);
        final double nonEmpty = 1 - emptyProbability;
        final double logEmpty = RandomVariates.logFailure(nonEmpty);
        final double[] truncated = RandomVariates.zeroTruncatedPoissonConstants(Math.min(lambda, RandomVariates.POISSON_CHUNK));
        final double firstProbability = truncated[0];
        final double mass = truncated[1];
        return new Arrivals() {
            private boolean started;

            @Override
            protected void advance(final RandomGenerator random) {
                final double slot = started ? time + 1 : 0;
                started = true;
                if (lambda <= RandomVariates.POISSON_CHUNK) {
                    time = slot + RandomVariates.failuresBeforeSuccess(random, nonEmpty, logEmpty);
                    remainingAtTime = RandomVariates.zeroTruncatedPoisson(random, lambda, firstProbability, mass);
                } else {
                    time = slot;
                    remainingAtTime = RandomVariates.poisson(random, lambda);
                    while (remainingAtTime == 0) {
                        time++;
                        remainingAtTime = RandomVariates.poisson(random, lambda);
                    }
                }
            }

            @Override
            public double rate() {
                return lambda;
            }

            @Override
            public Arrivals fresh() {
                return poissonPerSlot(lambda);
            }

            @Override
            public String toString() {
                return "poisson-per-slot(" + lambda + ")";
            }
        };
    }

    /**
     * Continuous: a Poisson process of rate {@code lambda}, first arrival after an exponential gap from 0.
     *
     * @param lambda arrivals per time unit, in (0, {@link RandomVariates#MAX_POISSON_MEAN}] (the same bound as
     *               per slot: at higher rates the gaps fall below the resolution of the clock)
     */
    public static Arrivals poissonProcess(final double lambda) {
        checkRate(lambda, "per time unit");
        final double meanGap = 1.0 / lambda;
        return new Arrivals() {
            @Override
            protected void advance(final RandomGenerator random) {
                time += RandomVariates.exponential(random, meanGap);
                remainingAtTime = 1;
            }

            @Override
            public double rate() {
                return lambda;
            }

            @Override
            public Arrivals fresh() {
                return poissonProcess(lambda);
            }

            @Override
            public String toString() {
                return "poisson-process(" + lambda + ")";
            }
        };
    }

    /** The largest arrival rate, per slot or per time unit: {@link RandomVariates#MAX_POISSON_MEAN}. */
    public static final double MAX_RATE = RandomVariates.MAX_POISSON_MEAN;

    private static void checkRate(final double lambda, final String per) {
        if (!(lambda > 0) || !(lambda <= MAX_RATE)) {
            throw new IllegalArgumentException("arrival rate " + per + " must be in (0, 2^30 = "
                + (long) MAX_RATE + "]: " + lambda);
        }
    }

    /** A batch of {@code count} jobs, all at time 0. */
    public static Arrivals batch(final long count) {
        if (count < 1) {
            throw new IllegalArgumentException("batch size must be >= 1: " + count);
        }
        return new Arrivals() {
            private boolean delivered;

            @Override
            protected void advance(final RandomGenerator random) {
                if (delivered) {
                    time = Double.POSITIVE_INFINITY;
                    remainingAtTime = Long.MAX_VALUE;
                    return;
                }
                delivered = true;
                time = 0;
                remainingAtTime = count;
            }

            @Override
            public double rate() {
                return Double.NaN;
            }

            @Override
            public long count() {
                return count;
            }

            @Override
            public Arrivals fresh() {
                return batch(count);
            }

            @Override
            public String toString() {
                return "batch(" + count + ")";
            }
        };
    }
}
