package org.stowage.core.kernel.rms;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.model.Model;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * RMS with a central queue per type (Psychas and Ghaderi 2018, Algorithm 1) and its Sec. VI variants: how
 * a tick picks its server ({@link Placement}: uniform, Random-Fit, Best-Fit), whether the types share one
 * adaptive clock (AD), and whether an arriving job replaces a dummy of its type (Remark 2; RMS-RF-AD+).
 * docs/RMS.md section 4 is the specification; every choice it marks is implemented as written there.
 *
 * <pre>
 * arrival (type j):    Remark 2 and a type-j dummy runs: the oldest one gives its place to the job;
 *                      else Q_j.append(job)
 * tick:                type j: fixed clocks, floor(u J) (clock stream, equal rates r_j = r); AD, the AD rule
 *                      on the current weights (placement stream); then the next tick after Exp(R)
 *                      server l: uniform floor(u L) if j fits there; RF: uniform among the servers where j
 *                      fits; BF: best fit of s_j; none: nothing
 *                      place HOL(Q_j) on l, or a dummy of type j when Q_j = 0
 * departure (type j,   coin u &lt; 1 - exp(-w_j) (coin stream): place HOL(Q_j) on the same server, or a dummy
 *  real or dummy):     when Q_j = 0; w_j = max{f(Q_j), eps/(8M) f(Q_max)} on the queues of this instant
 * </pre>
 *
 * <p>The clock: J equal Poisson clocks of rate {@code r} merged into one of rate {@code R = J r} whose ticks
 * take a uniform type (superposition: the same law, one pending tick). AD: one clock of rate
 * {@code r * speedup}. The clock stops, for good, at a tick where the workload has ended and no real job is
 * queued or running, so a finite run ends (nothing real can happen afterwards). Streams: clock
 * ({@link SchedulerContext#CLOCKS}: gaps, fixed-clock types), placement ({@link SchedulerContext#SAMPLING}:
 * AD type, uniform server, RF pick), coins ({@link SchedulerContext#COINS}), dummy services
 * ({@link SchedulerContext#DUMMY_SERVICE}, Exp with the type's mean service).
 *
 * <h2>Complexity and allocation</h2>
 * Per tick: O(D) uniform; O(1) + O(J D) Random-Fit (the pick, then the placed server's membership in every
 * type's fitting set); Best-Fit: {@link ServerView#bestFitOfSize} (D = 1: O(log<sub>64</sub> U + log L);
 * D &gt; 1: the server tree's pruned walk); AD adds O(J) for the weights. Per departure: O(J) for
 * {@code Q_max}, plus O(J D) with Random-Fit. Per arrival: O(1) (Remark 2: one list unlink). Memory:
 * J FIFO queues, RF 2 J L ints, Remark 2 two int columns. Nothing allocates after {@link #attach}.
 * Not thread-safe; one instance per simulation.
 */
public final class Rms implements Scheduler {
    /** How a tick of type {@code j} chooses its server. */
    public enum Placement {
        /** A uniform server; the tick is lost if type {@code j} does not fit there (Algorithm 1). */
        UNIFORM,
        /** A uniform server among those where type {@code j} fits now (Sec. VI, RMS-RF). */
        RANDOM_FIT,
        /** The best-fit server for type {@code j} ({@link ServerView#bestFitOfSize}; Sec. VI, RMS-BF). */
        BEST_FIT
    }

    private static final int NONE = JobTable.NONE;

    private final String name;
    private final Placement placement;
    private final boolean adaptive;
    private final boolean replaceDummies;
    private final double rate;
    private final double epsilon;
    private final double b;
    private final Model model;
    /** RMS-bar only: the fixed replacement probabilities {@code 1 - exp(-w_j)}; null for RMS. */
    private final double[] fixedReplacement;
    private double clockRate;
    private RmsWeights weights;
    private DiscreteTypes typeTable;
    private int types;

    private SchedulerContext context;
    private JobView jobs;
    private ServerView servers;
    private int serverCount;
    private int dimensions;
    private FifoQueue[] queues;
    /** {@code Q_j}: the length of queue j, kept here so the weights read a plain array. */
    private int[] queueLengths;
    private double[] adaptiveScratch;
    private RandomGenerator clock;
    private RandomGenerator sampling;
    private RandomGenerator coins;
    private RandomGenerator dummyService;
    private boolean clockStopped;

    /** Remark 2: each type's running dummies in placement order, linked through two job columns. */
    private int olderColumn;
    private int newerColumn;
    private int[] oldestDummy;
    private int[] newestDummy;

    /** Random-Fit: type j's fitting servers in {@code fitting[j * L .. j * L + fitCount[j])}. */
    private int[] fitting;
    /** Random-Fit: where server l sits in type j's fitting set ({@code j * L + l}), or -1. */
    private int[] fittingPosition;
    private int[] fitCount;

    /**
     * @param name           the registry name, for messages
     * @param clockRate      fixed clocks: the rate of each type's clock; AD: the common clock's rate
     * @param model          the run's model: discrete types (exact sizes, mean services) and an {@link RmsPlan}
     */
    public Rms(final String name, final Placement placement, final boolean adaptive, final boolean replaceDummies,
               final double clockRate, final double epsilon, final double b, final Model model) {
        this.name = name;
        this.placement = placement;
        this.adaptive = adaptive;
        this.replaceDummies = replaceDummies;
        assert clockRate > 0 && clockRate < Double.POSITIVE_INFINITY : name + ": clock rate r must be finite and > 0: "
            + clockRate; // the registry's parameter r is the check
        this.rate = clockRate;
        this.epsilon = epsilon;
        this.b = b;
        this.model = model;
        this.fixedReplacement = null;
    }

    private Rms(final double[] fixedWeights, final double clockRate, final Model model) {
        this.name = "RMS-bar";
        this.placement = Placement.UNIFORM;
        this.adaptive = false;
        this.replaceDummies = false;
        this.rate = clockRate;
        this.epsilon = RmsWeights.DEFAULT_EPSILON;
        this.b = 0;
        this.model = model;
        this.fixedReplacement = new double[fixedWeights.length];
        for (int j = 0; j < fixedWeights.length; j++) {
            fixedReplacement[j] = -StrictMath.expm1(-fixedWeights[j]);
        }
    }

    /**
     * RMS-bar (Definition 2): RMS whose weights are held at {@code fixedWeights} instead of following the
     * queues, the process of Sec. V whose stationary law is Eq. (9). Meant for a workload without arrivals, so
     * every job is a dummy; its clock never stops (run it to a horizon). For the Sec. V statistical test.
     */
    public static Rms bar(final double[] fixedWeights, final double clockRate, final Model model) {
        if (fixedWeights.length != model.jobClasses().count()) {
            throw new IllegalArgumentException("RMS-bar needs one weight per type: " + fixedWeights.length + " for "
                + model.jobClasses().count() + " types");
        }
        return new Rms(fixedWeights.clone(), clockRate, model);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void attach(final SchedulerContext schedulerContext) {
        context = schedulerContext;
        jobs = context.jobs();
        servers = context.servers();
        serverCount = servers.count();
        dimensions = servers.dimensions();
        typeTable = DiscreteTypes.of(name, model, dimensions, context.timeMode());
        types = typeTable.count;
        clockRate = adaptive ? rate : rate * types;
        weights = RmsWeights.of(epsilon, b, model.plan(RmsPlan.class).maxJobsPerServer());
        queues = new FifoQueue[types];
        for (int j = 0; j < types; j++) {
            queues[j] = context.newFifoQueue();
        }
        queueLengths = new int[types];
        adaptiveScratch = new double[types];
        clock = context.random(SchedulerContext.CLOCKS);
        sampling = context.random(SchedulerContext.SAMPLING);
        coins = context.random(SchedulerContext.COINS);
        dummyService = context.random(SchedulerContext.DUMMY_SERVICE);
        if (replaceDummies) {
            olderColumn = jobs.addIntColumn(NONE);
            newerColumn = jobs.addIntColumn(NONE);
            oldestDummy = new int[types];
            newestDummy = new int[types];
            Arrays.fill(oldestDummy, NONE);
            Arrays.fill(newestDummy, NONE);
        }
        if (placement == Placement.RANDOM_FIT) {
            fitting = new int[types * serverCount];
            fittingPosition = new int[types * serverCount];
            Arrays.fill(fittingPosition, -1);
            fitCount = new int[types];
            for (int l = 0; l < serverCount; l++) {
                updateFitting(l);
            }
        }
        context.scheduleTick(context.now() + gap(), 0);
    }

    @Override
    public void onArrival(final int job) {
        final int type = typeOf(job);
        if (replaceDummies && oldestDummy[type] != NONE) {
            final int dummy = oldestDummy[type];
            unlinkDummy(dummy, type);
            final int server = jobs.serverOf(dummy);
            context.removeDummy(dummy);
            // the job takes exactly the dummy's resources, so no fitting set changes
            context.place(job, server);
            return;
        }
        queues[type].enqueue(job);
        queueLengths[type]++;
    }

    @Override
    public void onTick(final long tag) {
        if (clockStopped || fixedReplacement == null && context.arrivalsEnded() && jobs.queuedCount() == 0
            && jobs.runningCount() == 0) {
            clockStopped = true;
            return;
        }
        final int type = adaptive
            ? weights.chooseAdaptive(queueLengths, types, sampling.nextDouble(), adaptiveScratch)
            : Math.min(types - 1, (int) (clock.nextDouble() * types));
        context.scheduleTick(context.now() + gap(), 0);
        final int server = chooseServer(type);
        if (server != NONE) {
            start(type, server);
        }
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        if (replaceDummies && jobs.isDummy(job)) {
            unlinkDummy(job, type);
        }
        if (fitting != null) {
            updateFitting(server);
        }
        int longest = 0;
        for (int j = 0; j < types; j++) {
            longest = Math.max(longest, queueLengths[j]);
        }
        final double coin = coins.nextDouble();
        final boolean replace = fixedReplacement != null ? coin < fixedReplacement[type]
            : weights.replaces(queueLengths[type], longest, coin);
        if (replace) {
            assert fits(type, server) : "a departure frees the type's size on its server";
            start(type, server);
        }
    }

    @Override
    public void decide(final double now) {
        // every placement happens in the callbacks
    }

    private int typeOf(final int job) {
        final int type = jobs.jobClass(job);
        if (type >= types) {
            throw new IllegalStateException(name + ": job " + job + " has class " + type + " but the model lists "
                + types + " types");
        }
        return type;
    }

    /** The gap to the next tick: {@code -log(1 - u) / R} (clock stream). */
    private double gap() {
        return -StrictMath.log1p(-clock.nextDouble()) / clockRate;
    }

    private int chooseServer(final int type) {
        switch (placement) {
            case UNIFORM -> {
                final int server = Math.min(serverCount - 1, (int) (sampling.nextDouble() * serverCount));
                return fits(type, server) ? server : NONE;
            }
            case RANDOM_FIT -> {
                final int count = fitCount[type];
                if (count == 0) {
                    return NONE;
                }
                return fitting[type * serverCount + Math.min(count - 1, (int) (sampling.nextDouble() * count))];
            }
            default -> {
                return servers.bestFitOfSize(typeTable.packedSizes(), type * dimensions);
            }
        }
    }

    /** Starts the head of queue {@code type} on {@code server}, or a dummy of the type when the queue is empty. */
    private void start(final int type, final int server) {
        final FifoQueue queue = queues[type];
        if (queueLengths[type] > 0) {
            final int head = queue.head();
            queue.remove(head);
            queueLengths[type]--;
            context.place(head, server);
        } else {
            final int dummy = context.placeDummy(type, server, typeTable.dummyService(type, dummyService));
            if (replaceDummies) {
                appendDummy(dummy, type);
            }
        }
        if (fitting != null) {
            updateFitting(server);
        }
    }

    private boolean fits(final int type, final int server) {
        return typeTable.fitsNow(servers, type, server);
    }

    /** Server {@code server}'s residual changed: its membership in every type's fitting set. O(J D). */
    private void updateFitting(final int server) {
        for (int type = 0; type < types; type++) {
            final int slot = type * serverCount + server;
            final int position = fittingPosition[slot];
            final boolean fits = fits(type, server);
            if (fits && position < 0) {
                final int end = fitCount[type]++;
                fitting[type * serverCount + end] = server;
                fittingPosition[slot] = end;
            } else if (!fits && position >= 0) {
                // swap the last member into the hole: O(1), the set stays dense for uniform picks
                final int last = fitting[type * serverCount + --fitCount[type]];
                fitting[type * serverCount + position] = last;
                fittingPosition[type * serverCount + last] = position;
                fittingPosition[slot] = -1;
            }
        }
    }

    private void appendDummy(final int dummy, final int type) {
        final int newest = newestDummy[type];
        jobs.setIntColumn(olderColumn, dummy, newest);
        jobs.setIntColumn(newerColumn, dummy, NONE);
        if (newest == NONE) {
            oldestDummy[type] = dummy;
        } else {
            jobs.setIntColumn(newerColumn, newest, dummy);
        }
        newestDummy[type] = dummy;
    }

    private void unlinkDummy(final int dummy, final int type) {
        final int older = jobs.intColumn(olderColumn, dummy);
        final int newer = jobs.intColumn(newerColumn, dummy);
        if (older == NONE) {
            oldestDummy[type] = newer;
        } else {
            jobs.setIntColumn(newerColumn, older, newer);
        }
        if (newer == NONE) {
            newestDummy[type] = older;
        } else {
            jobs.setIntColumn(olderColumn, newer, older);
        }
    }

    /** {@code Q_j}; for tests. */
    public int queueLength(final int type) {
        return queueLengths[type];
    }

    /** Whether the clock has stopped (the workload ended and every real job left); for tests. */
    public boolean clockStopped() {
        return clockStopped;
    }
}
