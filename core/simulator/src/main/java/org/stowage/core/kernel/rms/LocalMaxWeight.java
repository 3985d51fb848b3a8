package org.stowage.core.kernel.rms;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.FifoQueue;

/**
 * MWR with per-server queues and join-the-shortest-queue routing ({@code MWR+JSQ}): the MaxWeight-with-refresh
 * of the reference the 2018 paper cites for MWR (Sec. VII-A3 [18]), where a job is routed to a server when it
 * arrives and each server serves only its own queues. docs/RMS.md 4.7 is the specification.
 *
 * <pre>
 * arrival (type j):  l = a server whose capacity holds j with the fewest type-j jobs waiting, ties uniformly
 *                    (routing stream, as RMS+JSQ); Q_j^l.append(job)
 * decision:          for every server l touched since the last decision (an arrival routed to it, a departure),
 *                    in index order: if l is empty, kbar^l = the max-weight configuration of l's class for the
 *                    weights Q^l (its own queue lengths); then for j = 0..J-1, while running_j^l &lt; kbar_j^l,
 *                    Q_j^l &gt; 0 and the head fits, start the head of Q_j^l on l
 * </pre>
 * A server re-chooses its configuration only while empty, as the central {@link MaxWeightScheduling} MWR;
 * it never serves another server's queue, so a job may wait on a busy server while another is idle.
 *
 * <h2>Complexity and allocation</h2>
 * Arrival O(log L) (a {@link ShortestQueueTree}); departure O(1); a decision O(L / 64) words to find the
 * touched servers plus O(J) per touched server and O(1) per start, and one max-weight configuration
 * ({@link MaxWeightPlan}: O(K J), O(J) for divisible one-resource sizes) per touched empty server with waiting
 * jobs. Memory: L J FIFO queues, 3 L J ints, the tree's 4 J L' ints. Nothing allocates after attach. Not
 * thread-safe.
 */
public final class LocalMaxWeight extends KernelBase {
    private MaxWeightPlan.Oracle oracle;
    private int types;
    private int[] classOf;
    /** The local queue of server l and type j at {@code l * J + j}, its length, running count and target. */
    private FifoQueue[] local;
    private int[] localLength;
    private int[] running;
    private int[] target;
    /** Per server, the jobs waiting in all its local queues. */
    private int[] waitingOn;
    private ShortestQueueTree shortest;
    private RandomGenerator routing;
    /** Servers touched since the last decision, one bit each. */
    private long[] touched;
    private int[] scratch;
    private int[] weights;

    public LocalMaxWeight(final String name) {
        super(name);
    }

    @Override
    protected void onAttach() {
        final MaxWeightPlan plan = context.model().plan(MaxWeightPlan.class);
        oracle = plan.oracle();
        types = plan.types();
        final ServerClasses serverClasses = context.model().serverClasses();
        final JobClasses classes = context.model().jobClasses();
        classOf = new int[serverCount];
        for (int l = 0; l < serverCount; l++) {
            classOf[l] = serverClasses.classOf(l);
        }
        final int pairs = serverCount * types;
        local = new FifoQueue[pairs];
        for (int i = 0; i < pairs; i++) {
            local[i] = context.newFifoQueue();
        }
        localLength = new int[pairs];
        running = new int[pairs];
        target = new int[pairs];
        waitingOn = new int[serverCount];
        final boolean[][] routable = new boolean[types][serverCount];
        for (int j = 0; j < types; j++) {
            for (int l = 0; l < serverCount; l++) {
                boolean holds = true;
                for (int d = 0; d < dimensions; d++) {
                    holds &= classes.exactSize(j, d) <= servers.capacity(l, d);
                }
                routable[j][l] = holds;
            }
        }
        shortest = new ShortestQueueTree(serverCount, routable);
        routing = context.random(SchedulerContext.ROUTING);
        touched = new long[(serverCount + 63) >>> 6];
        scratch = new int[types];
        weights = new int[types];
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        if (type >= types) {
            throw new IllegalStateException(name() + ": job " + job + " has class " + type + " but the model lists "
                + types + " types");
        }
        final int server = shortest.shortest(type, routing);
        final int slot = server * types + type;
        local[slot].enqueue(job);
        shortest.lengthChanged(type, server, ++localLength[slot]);
        waitingOn[server]++;
        touched[server >>> 6] |= 1L << server;
    }

    @Override
    public void onDeparture(final int job, final int server) {
        running[server * types + jobs.jobClass(job)]--;
        touched[server >>> 6] |= 1L << server;
    }

    @Override
    public void decide(final double now) {
        for (int w = 0; w < touched.length; w++) {
            long bits = touched[w];
            touched[w] = 0;
            while (bits != 0) {
                final int server = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (waitingOn[server] > 0) {
                    serve(server);
                }
            }
        }
    }

    private void serve(final int server) {
        final int base = server * types;
        if (servers.jobCount(server) == 0) {
            System.arraycopy(localLength, base, weights, 0, types);
            oracle.best(classOf[server], weights, scratch);
            System.arraycopy(scratch, 0, target, base, types);
        }
        for (int j = 0; j < types; j++) {
            final int slot = base + j;
            final FifoQueue queue = local[slot];
            while (running[slot] < target[slot] && localLength[slot] > 0) {
                final int head = queue.head();
                if (!servers.fits(jobs, head, server)) {
                    break;
                }
                queue.remove(head);
                shortest.lengthChanged(j, server, --localLength[slot]);
                waitingOn[server]--;
                running[slot]++;
                context.place(head, server);
            }
        }
    }

    /** {@code Q_j^l}; for tests. */
    public int localQueueLength(final int server, final int type) {
        return localLength[server * types + type];
    }
}
