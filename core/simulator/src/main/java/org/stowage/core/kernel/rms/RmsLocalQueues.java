package org.stowage.core.kernel.rms;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.Model;
import org.stowage.core.state.FifoQueue;

/**
 * Distributed RMS with local queues (Psychas and Ghaderi 2018, Algorithm 2 and Remark 4): an arriving type-j
 * job joins the type-j queue of one server, chosen by {@link Routing}, and each server runs RMS on its own
 * queues with the local weights of Eq. (5). docs/RMS.md section 4.3 is the specification.
 *
 * <pre>
 * arrival (type j):  among the servers whose capacity holds type j (all of them in the paper's clusters):
 *                    JSQ: l = one with the fewest type-j jobs waiting, ties uniformly (routing stream)
 *                    Po2: two distinct uniform ones (routing), the one with fewer; a tie by a coin (routing)
 *                    Q_j^l.append(job)
 * tick (l, j):       if type j fits on l: place HOL(Q_j^l) on l, or a dummy of type j when Q_j^l = 0
 * departure (j, l):  coin u &lt; 1 - exp(-w_j^l), w_j^l = max{f(Q_j^l), eps/(8M) f(Q_max^l)}: as a tick (l, j)
 * </pre>
 *
 * <p>The L J local clocks of rate {@code r} are one merged clock of rate {@code L J r} whose ticks take a
 * uniform pair {@code (l, j)} = {@code floor(u L J)} in the order {@code l J + j} (clock stream), then the gap.
 * The clock stops when the workload has ended and no real job is queued or running, as in {@link Rms}.
 *
 * <h2>Complexity and allocation</h2>
 * Tick: O(D) (+ O(log L) to update the type's JSQ tree when a queued job starts). Departure: O(J) for
 * {@code Q_max^l}, + O(log L) when it starts a queued job. Arrival: JSQ O(log L) (a per-type min tree over the
 * servers that counts its minima, so the k-th minimum in index order is found by one descent); Po2 O(1).
 * Memory: L J FIFO queues (O(1) each), 2 L J ints of lengths and eligible servers, JSQ 4 J L ints of
 * trees. Nothing allocates after
 * {@link #attach}. Not thread-safe.
 */
public final class RmsLocalQueues extends KernelBase {
    /** How an arriving job picks its server's local queue. */
    public enum Routing {
        /** Join the shortest type-j queue over all servers; ties uniformly at random (Algorithm 2). */
        JSQ,
        /** The shorter type-j queue of two distinct uniform servers; a tie by a fair coin (Remark 4). */
        POWER_OF_TWO
    }

    private final Routing routingRule;
    private final RmsSettings settings;
    private final Model model;

    private DiscreteTypes typeTable;
    private RmsWeights weights;
    private int types;
    private int pairs;
    private double clockRate;
    /** The local queue of server l and type j at {@code l * J + j}, and its length. */
    private FifoQueue[] local;
    private int[] localLength;
    private RandomGenerator clock;
    private RandomGenerator routing;
    private RandomGenerator coins;
    private RandomGenerator dummyService;
    private boolean clockStopped;

    /** The servers whose capacity holds type j, in index order: {@code eligible[j * L .. j * L + eligibleCount[j])}. */
    private int[] eligible;
    private int[] eligibleCount;
    /** JSQ: per type a tree over the servers of (least local length, how many servers have it); null for Po2. */
    private ShortestQueueTree shortest;

    /**
     * @param settings the rate {@code r_j^l} of each local queue's clock, and the weights' epsilon and b
     * @param model    discrete types (exact sizes, mean services) and an {@link RmsPlan}
     */
    public RmsLocalQueues(final String name, final Routing routingRule, final RmsSettings settings, final Model model) {
        super(name);
        this.routingRule = routingRule;
        this.settings = settings;
        this.model = model;
    }

    @Override
    protected void onAttach() {
        typeTable = DiscreteTypes.of(name(), model, dimensions, context.timeMode());
        types = typeTable.count;
        weights = RmsWeights.of(settings.epsilon(), settings.b(), model.plan(RmsPlan.class).maxJobsPerServer());
        pairs = serverCount * types;
        clockRate = settings.clockRate() * pairs;
        local = new FifoQueue[pairs];
        for (int i = 0; i < pairs; i++) {
            local[i] = context.newFifoQueue();
        }
        localLength = new int[pairs];
        clock = context.random(SchedulerContext.CLOCKS);
        routing = context.random(SchedulerContext.ROUTING);
        coins = context.random(SchedulerContext.COINS);
        dummyService = context.random(SchedulerContext.DUMMY_SERVICE);
        eligible = new int[pairs];
        eligibleCount = new int[types];
        for (int j = 0; j < types; j++) {
            for (int l = 0; l < serverCount; l++) {
                if (holds(j, l)) {
                    eligible[j * serverCount + eligibleCount[j]++] = l;
                }
            }
        }
        if (routingRule == Routing.JSQ) {
            final boolean[][] routable = new boolean[types][serverCount];
            for (int j = 0; j < types; j++) {
                for (int l = 0; l < serverCount; l++) {
                    routable[j][l] = holds(j, l);
                }
            }
            shortest = new ShortestQueueTree(serverCount, routable);
        }
        context.scheduleTick(context.now() + gap(), 0);
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        if (type >= types) {
            throw new IllegalStateException(name() + ": job " + job + " has class " + type + " but the model lists "
                + types + " types");
        }
        final int server = routingRule == Routing.JSQ ? shortest.shortest(type, routing) : betterOfTwo(type);
        final int slot = server * types + type;
        local[slot].enqueue(job);
        lengthChanged(slot, +1);
    }

    @Override
    public void onTick(final long tag) {
        if (clockStopped || context.arrivalsEnded() && jobs.queuedCount() == 0 && jobs.runningCount() == 0) {
            clockStopped = true;
            return;
        }
        final int pair = Math.min(pairs - 1, (int) (clock.nextDouble() * pairs));
        context.scheduleTick(context.now() + gap(), 0);
        final int server = pair / types;
        final int type = pair - server * types;
        if (fits(type, server)) {
            start(type, server);
        }
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        final int base = server * types;
        int longest = 0;
        for (int j = 0; j < types; j++) {
            longest = Math.max(longest, localLength[base + j]);
        }
        if (weights.replaces(localLength[base + type], longest, coins.nextDouble())) {
            assert fits(type, server) : "a departure frees the type's size on its server";
            start(type, server);
        }
    }

    @Override
    public void decide(final double now) {
        // every placement happens in the callbacks
    }

    private double gap() {
        return -StrictMath.log1p(-clock.nextDouble()) / clockRate;
    }

    private void start(final int type, final int server) {
        final int slot = server * types + type;
        if (localLength[slot] > 0) {
            final int head = local[slot].head();
            local[slot].remove(head);
            lengthChanged(slot, -1);
            context.place(head, server);
        } else {
            context.placeDummy(type, server, typeTable.dummyService(type, dummyService));
        }
    }

    private boolean fits(final int type, final int server) {
        return typeTable.fitsNow(servers, type, server);
    }

    /** Whether server {@code server}'s capacity (empty) holds type {@code type}. */
    private boolean holds(final int type, final int server) {
        return typeTable.fitsEmpty(servers, type, server);
    }

    private void lengthChanged(final int slot, final int delta) {
        localLength[slot] += delta;
        if (shortest != null) {
            final int server = slot / types;
            shortest.lengthChanged(slot - server * types, server, localLength[slot]);
        }
    }

    /** Po2: two distinct uniform servers, the shorter type-j queue, a tie by a fair coin. */
    private int betterOfTwo(final int type) {
        final int count = eligibleCount[type];
        final int base = type * serverCount;
        if (count == 1) {
            return eligible[base];
        }
        final int firstIndex = routing.nextInt(count);
        int secondIndex = routing.nextInt(count - 1);
        if (secondIndex >= firstIndex) {
            secondIndex++;
        }
        final int first = eligible[base + firstIndex];
        final int second = eligible[base + secondIndex];
        final int a = localLength[first * types + type];
        final int c = localLength[second * types + type];
        if (a != c) {
            return a < c ? first : second;
        }
        return routing.nextBoolean() ? first : second;
    }

    /** {@code Q_j^l}; for tests. */
    public int localQueueLength(final int server, final int type) {
        return localLength[server * types + type];
    }
}
