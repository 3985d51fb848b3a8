package org.stowage.core.kernel.rms;

import java.util.Arrays;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.FifoQueue;

/**
 * MWR (MaxWeight with refresh) and MWS (MaxWeight-Stop), the max-weight baselines of Psychas and Ghaderi 2018,
 * Sec. I-A and VII-A3, as specified in docs/RMS.md 4.6. One FIFO queue per job type; the weights are the
 * queue lengths {@code Q_j}; each server has a target configuration {@code kbar} and serves it: a free slot
 * of type {@code j} ({@code running_j < kbar_j}) takes the head of {@code Q_j}, never another type.
 *
 * <ul>
 *   <li><b>MWR</b>: a server's target is re-chosen only while it is empty (at every decision, so a choice
 *   made while all queues were empty is not frozen), as the max-weight configuration of its class.</li>
 *   <li><b>MWS</b> (parameter {@code stop = beta}): in addition, at every departure from a server that is not
 *   stopped its target becomes the max-weight configuration for the queues of that instant (exact knapsack),
 *   and after the decision's refill the server is stopped if {@code <k, Q> < beta <kbar, Q>} (its running
 *   configuration is inefficient); a stopped server takes nothing until it is empty. Filling towards a
 *   target re-chosen under running jobs checks the fit (the head may not fit beside them).</li>
 * </ul>
 *
 * <h2>Decision order (shared with the naive twin)</h2>
 * At a decision: each server class that has an empty server gets its max-weight configuration for the
 * queues at the start of the decision; then servers are visited in index order, and each, if not stopped,
 * takes (target copied from its class if empty) for types {@code j = 0..J-1}, while
 * {@code running_j < kbar_j}, {@code Q_j > 0} and the head fits, the head of {@code Q_j}; then (MWS) each
 * server with a departure at this instant that is neither empty nor stopped is tested.
 *
 * <h2>Cost and allocation</h2>
 * Only servers that can act are visited: one bitset per type of the servers with a free slot of that type
 * whose head was not found too large since their last departure, and one of the empty servers; a visit
 * scans the union of the sets of the types with waiting jobs in index order (O(J L / 64) words at worst per
 * decision, O(J) per visited server plus O(1) per placement). Max-weight configurations come from the
 * {@link MaxWeightPlan}'s oracle: O(K J) for K maximal configurations (6 for EC2), O(J) for divisible
 * one-resource sizes; MWS pays one per departure, both one per class with an empty server per decision.
 * Arrays are sized at attach; no callback allocates.
 */
public final class MaxWeightScheduling extends KernelBase implements StallCounting {
    private long stops;
    /** MWS's stop fraction beta; negative for MWR (no stopping, no re-choice at departures). */
    private final double stop;

    private MaxWeightPlan.Oracle oracle;
    private int types;
    private int words;
    private int[] classOf;
    private FifoQueue[] queues;
    /** {@code Q_j}, mirrored for the oracle. */
    private int[] waiting;
    private int[] running;
    private int[] target;
    private boolean[] stopped;
    /** Per type, the servers (not empty, not stopped) with {@code running_j < kbar_j} whose head may fit. */
    private long[][] free;
    private long[] empty;
    private int[] classConfigurations;
    private boolean[] classFresh;
    private int[] departed;
    private boolean[] marked;
    private int departedCount;
    private int[] scratch;
    /** {@code Q} at the start of the current decision: the weights of the empty servers' configurations. */
    private int[] decisionWeights;
    private boolean changed = true;

    /** @param stop MWS's stop fraction in (0, 1]; a negative value makes MWR */
    public MaxWeightScheduling(final String name, final double stop) {
        super(name);
        this.stop = stop;
    }

    @Override
    protected void onAttach() {
        final MaxWeightPlan plan = context.model().plan(MaxWeightPlan.class);
        oracle = plan.oracle();
        types = plan.types();
        final ServerClasses serverClasses = context.model().serverClasses();
        classOf = new int[serverCount];
        for (int l = 0; l < serverCount; l++) {
            classOf[l] = serverClasses.classOf(l);
        }
        queues = new FifoQueue[types];
        for (int j = 0; j < types; j++) {
            queues[j] = context.newFifoQueue();
        }
        waiting = new int[types];
        running = new int[serverCount * types];
        target = new int[serverCount * types];
        stopped = new boolean[serverCount];
        words = (serverCount + 63) >>> 6;
        free = new long[types][words];
        empty = new long[words];
        for (int l = 0; l < serverCount; l++) {
            empty[l >>> 6] |= 1L << l;
        }
        classConfigurations = new int[plan.serverClasses() * types];
        classFresh = new boolean[plan.serverClasses()];
        departed = new int[serverCount];
        marked = new boolean[serverCount];
        scratch = new int[types];
        decisionWeights = new int[types];
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        queues[type].enqueue(job);
        waiting[type]++;
        changed = true;
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        final int base = server * types;
        running[base + type]--;
        changed = true;
        if (servers.jobCount(server) == 0) {
            stopped[server] = false;
            for (int j = 0; j < types; j++) {
                free[j][server >>> 6] &= ~(1L << server);
            }
            empty[server >>> 6] |= 1L << server;
            return;
        }
        if (stopped[server]) {
            return;
        }
        if (stop < 0) {
            free[type][server >>> 6] |= 1L << server;
            return;
        }
        oracle.best(classOf[server], waiting, scratch);
        for (int j = 0; j < types; j++) {
            target[base + j] = scratch[j];
            if (running[base + j] < scratch[j]) {
                free[j][server >>> 6] |= 1L << server;
            } else {
                free[j][server >>> 6] &= ~(1L << server);
            }
        }
        if (!marked[server]) {
            marked[server] = true;
            departed[departedCount++] = server;
        }
    }

    @Override
    public void decide(final double now) {
        if (!changed) {
            return;     // nothing arrived, left or started since the last decision: it would change nothing
        }
        changed = false;
        if (anyWaiting()) {
            Arrays.fill(classFresh, false);
            System.arraycopy(waiting, 0, decisionWeights, 0, types);
            int server = nextCandidate(0);
            while (server >= 0) {
                visit(server);
                if (!anyWaiting()) {
                    break;
                }
                server = nextCandidate(server + 1);
            }
        }
        for (int i = 0; i < departedCount; i++) {
            final int server = departed[i];
            marked[server] = false;
            if (!stopped[server] && servers.jobCount(server) > 0 && inefficient(server)) {
                stopped[server] = true;
                stops++;
                for (int j = 0; j < types; j++) {
                    free[j][server >>> 6] &= ~(1L << server);
                }
            }
        }
        departedCount = 0;
    }

    private boolean anyWaiting() {
        for (int j = 0; j < types; j++) {
            if (waiting[j] > 0) {
                return true;
            }
        }
        return false;
    }

    /** The lowest server {@code >= from} that is empty or has a free slot of a type with waiting jobs; -1 if none. */
    private int nextCandidate(final int from) {
        for (int w = from >>> 6; w < words; w++) {
            long bits = empty[w];
            for (int j = 0; j < types; j++) {
                if (waiting[j] > 0) {
                    bits |= free[j][w];
                }
            }
            if (w == from >>> 6) {
                bits &= -1L << from;
            }
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return -1;
    }

    private void visit(final int server) {
        final int base = server * types;
        final long bit = 1L << server;
        final int word = server >>> 6;
        if ((empty[word] & bit) != 0) {
            final int c = classOf[server];
            if (!classFresh[c]) {
                oracle.best(c, decisionWeights, scratch);
                System.arraycopy(scratch, 0, classConfigurations, c * types, types);
                classFresh[c] = true;
            }
            System.arraycopy(classConfigurations, c * types, target, base, types);
            for (int j = 0; j < types; j++) {
                if (target[base + j] > 0) {
                    free[j][word] |= bit;
                }
            }
            empty[word] &= ~bit;
            fill(server, base, word, bit);
            if (servers.jobCount(server) == 0) {
                for (int j = 0; j < types; j++) {
                    free[j][word] &= ~bit;
                }
                empty[word] |= bit;
            }
            return;
        }
        fill(server, base, word, bit);
    }

    private void fill(final int server, final int base, final int word, final long bit) {
        for (int j = 0; j < types; j++) {
            if ((free[j][word] & bit) == 0) {
                continue;
            }
            final FifoQueue queue = queues[j];
            while (running[base + j] < target[base + j] && waiting[j] > 0) {
                final int head = queue.head();
                if (!servers.fits(jobs, head, server)) {
                    free[j][word] &= ~bit;      // cannot fit until this server's next departure
                    break;
                }
                queue.remove(head);
                waiting[j]--;
                changed = true;         // the empty servers' next choice sees the shorter queue
                running[base + j]++;
                context.place(head, server);
            }
            if (running[base + j] == target[base + j]) {
                free[j][word] &= ~bit;
            }
        }
    }

    private boolean inefficient(final int server) {
        final int base = server * types;
        long current = 0;
        long best = 0;
        for (int j = 0; j < types; j++) {
            current += (long) running[base + j] * waiting[j];
            best += (long) target[base + j] * waiting[j];
        }
        return current < stop * best;
    }

    /** Servers stopped so far (MWS; always 0 for MWR). */
    @Override
    public long stallsStarted() {
        return stops;
    }
}
