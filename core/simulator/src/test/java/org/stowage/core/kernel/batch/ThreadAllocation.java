package org.stowage.core.kernel.batch;

import java.lang.management.ManagementFactory;

/** Bytes this thread allocates in a piece of warm work: the least over up to ten windows (JIT, class loading). */
final class ThreadAllocation {
    private ThreadAllocation() {
    }

    /** The bytes {@code work} allocated in its quietest run of up to ten (0 as soon as one allocates nothing). */
    static long of(final Runnable work) {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 10 && least != 0; window++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            work.run();
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        return least;
    }
}
