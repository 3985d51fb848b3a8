package org.stowage.core.engine;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Independent, reproducible random streams derived from one seed, one per purpose, so that changing how
 * many numbers one purpose draws (say, a different scheduler's coin flips) never shifts another's
 * (arrivals, sizes, service times).
 *
 * <p>Each stream is an L64X128MixRandom seeded by a SplitMix64 finalisation of (seed, purpose).
 */
public final class Seeds {
    public static final int ARRIVALS = 1;
    public static final int SIZES = 2;
    public static final int SERVICE = 3;
    /** Kernel streams ({@link SchedulerContext#random(int)}) are purposes from this number on. */
    public static final int KERNEL_BASE = 1000;
    /** Kernel stream numbers are below this. */
    public static final int KERNEL_STREAMS = 1024;

    private static final RandomGeneratorFactory<RandomGenerator> FACTORY =
        RandomGeneratorFactory.of("L64X128MixRandom");

    private Seeds() {
    }

    /** The stream for {@code purpose} under {@code seed}. */
    public static RandomGenerator generator(final long seed, final int purpose) {
        return FACTORY.create(derive(seed, purpose));
    }

    /** The stream of kernel purpose {@code stream} in [0, {@link #KERNEL_STREAMS}) under {@code seed}. */
    public static RandomGenerator kernel(final long seed, final int stream) {
        if (stream < 0 || stream >= KERNEL_STREAMS) {
            throw new IllegalArgumentException("kernel random stream must be in [0, " + KERNEL_STREAMS + "): " + stream);
        }
        return generator(seed, KERNEL_BASE + stream);
    }

    /** SplitMix64 finaliser of {@code seed} mixed with {@code purpose}. */
    public static long derive(final long seed, final long purpose) {
        long z = seed + 0x9E3779B97F4A7C15L * (purpose + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
