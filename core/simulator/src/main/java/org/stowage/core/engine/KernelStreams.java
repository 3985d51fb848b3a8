package org.stowage.core.engine;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * One simulation's kernel random streams ({@link SchedulerContext#random(int)}), each made from the run's
 * seed on its first use ({@link Seeds#kernel}), so the numbers of one stream never depend on which others
 * the kernel takes. A stream's first use allocates it (and may grow the array); every later one is an O(1)
 * array read.
 */
final class KernelStreams {
    private final long seed;
    private RandomGenerator[] streams = new RandomGenerator[0];

    KernelStreams(final long seed) {
        this.seed = seed;
    }

    /**
     * @throws IllegalStateException for a stream outside [0, {@link Seeds#KERNEL_STREAMS}): the kernel broke the
     *                               SPI, which the fence reports as its fault (an IllegalArgumentException would
     *                               read as the kernel refusing the workload)
     */
    RandomGenerator random(final int stream) {
        if (stream < 0 || stream >= streams.length) {
            if (stream < 0 || stream >= Seeds.KERNEL_STREAMS) {
                throw new IllegalStateException("asked for kernel random stream " + stream + ", which is not in [0, "
                    + Seeds.KERNEL_STREAMS + ")");
            }
            streams = Arrays.copyOf(streams, stream + 1);
        }
        RandomGenerator generator = streams[stream];
        if (generator == null) {
            generator = Seeds.kernel(seed, stream);
            streams[stream] = generator;
        }
        return generator;
    }
}
