package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Locale;

/**
 * Heap bytes per live job with N queued jobs, measured two ways on a full steady state (job table, central
 * queue with its size index, servers, departure heap, kernel buffers):
 * <ol>
 *   <li>bytes allocated by this thread while building it, divided by N (exact, includes growth copies
 *       only if the table had to grow; it is sized up front here);</li>
 *   <li>used heap after a full GC with the state alive, minus used heap before, divided by N.</li>
 * </ol>
 * <pre>
 *   java -Xmx8g -cp bench/target/benchmarks.jar org.stowage.bench.MemoryFootprint 10000000 BF-J/S 10000
 * </pre>
 */
public final class MemoryFootprint {
    private MemoryFootprint() {
    }

    public static void main(final String[] args) {
        final long queued = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        final String kernel = args.length > 1 ? args[1] : "BF-J/S";
        final int servers = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        final long thread = Thread.currentThread().getId();
        System.gc();
        final long heapBefore = memory.getHeapMemoryUsage().getUsed();
        final long allocatedBefore = threads.getThreadAllocatedBytes(thread);
        final SteadyState state = new SteadyState(kernel, servers, queued, 100, 1).warmUp(10);
        final long allocated = threads.getThreadAllocatedBytes(thread) - allocatedBefore;
        System.gc();
        final long heapAfter = memory.getHeapMemoryUsage().getUsed();
        final long live = state.simulation.jobTable().liveCount();
        System.out.printf(Locale.ROOT, "%s, %d servers: %d live jobs (%d queued, %d running)%n", kernel, servers, live,
            state.simulation.jobTable().queuedCount(), state.simulation.jobTable().runningCount());
        System.out.printf(Locale.ROOT, "allocated while building: %.1f bytes per live job%n", (double) allocated / live);
        System.out.printf(Locale.ROOT, "retained heap after GC:   %.1f bytes per live job%n",
            (double) (heapAfter - heapBefore) / live);
        System.out.printf(Locale.ROOT, "job table layout:         %d bytes per job slot%n",
            state.simulation.jobTable().bytesPerSlot());
    }
}
