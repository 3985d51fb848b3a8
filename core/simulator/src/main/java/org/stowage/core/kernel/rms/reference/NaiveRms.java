package org.stowage.core.kernel.rms.reference;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.rms.Rms;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.kernel.rms.RmsSettings;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.FifoQueue;

/**
 * The reference twin of {@link Rms}: docs/RMS.md section 4.1, 4.2 and 4.4 written out with plain scans and
 * the paper's formulas, drawing the same uniforms from the same streams in the same order, so that the
 * differential test holds {@link Rms} to it event by event. Its own weights (Eq. 4 with
 * {@link StrictMath}, not {@code RmsWeights}), its own fit tests, Best-Fit by a scan of every server,
 * Remark 2's oldest dummy by a scan of the dummies in placement order, and Random-Fit's set rebuilt by a
 * rescan of every server and type after every change of any server (the set is ordered by the history of
 * changes, as a dense set with O(1) removal must be, so the rescan reconciles membership rather than
 * listing the fitting servers in index order). O(L J D) per change; for tests only.
 */
public final class NaiveRms extends KernelBase {
    private final Rms.Placement placement;
    private final boolean adaptive;
    private final boolean replaceDummies;
    private final RmsSettings settings;
    private final Model model;
    private double totalRate;
    private int maxJobs;
    private JobClasses classes;
    private int types;

    private FifoQueue[] queues;
    private RandomGenerator clock;
    private RandomGenerator sampling;
    private RandomGenerator coins;
    private RandomGenerator dummyService;
    private boolean stopped;
    /** Running dummies in placement order (Remark 2). */
    private int[] dummies = new int[16];
    private int dummyCount;
    /** Random-Fit: per type, the fitting servers in the order they joined (holes filled by the last). */
    private int[][] fitSet;
    private int[] fitSize;
    private boolean[][] isMember;

    public NaiveRms(final String name, final Rms.Placement placement, final boolean adaptive,
                    final boolean replaceDummies, final RmsSettings settings, final Model model) {
        super(name);
        this.placement = placement;
        this.adaptive = adaptive;
        this.replaceDummies = replaceDummies;
        this.settings = settings;
        this.model = model;
    }

    @Override
    protected void onAttach() {
        classes = model.jobClasses();
        types = classes.count();
        totalRate = adaptive ? settings.clockRate() : settings.clockRate() * types;
        maxJobs = model.plan(RmsPlan.class).maxJobsPerServer();
        queues = new FifoQueue[types];
        for (int j = 0; j < types; j++) {
            queues[j] = context.newFifoQueue();
        }
        clock = context.random(SchedulerContext.CLOCKS);
        sampling = context.random(SchedulerContext.SAMPLING);
        coins = context.random(SchedulerContext.COINS);
        dummyService = context.random(SchedulerContext.DUMMY_SERVICE);
        if (placement == Rms.Placement.RANDOM_FIT) {
            fitSet = new int[types][servers.count()];
            fitSize = new int[types];
            isMember = new boolean[types][servers.count()];
            reconcile();
        }
        context.scheduleTick(context.now() + nextGap(), 0);
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        if (replaceDummies) {
            for (int i = 0; i < dummyCount; i++) {
                final int dummy = dummies[i];
                if (jobs.jobClass(dummy) == type) {
                    forgetDummy(dummy);
                    final int server = jobs.serverOf(dummy);
                    context.removeDummy(dummy);
                    context.place(job, server);
                    return;
                }
            }
        }
        queues[type].enqueue(job);
    }

    @Override
    public void onTick(final long tag) {
        if (stopped) {
            return;
        }
        int real = 0;
        for (final FifoQueue queue : queues) {
            real += queue.size();
        }
        if (context.arrivalsEnded() && real == 0 && jobs.runningCount() == 0) {
            stopped = true;
            return;
        }
        final int type;
        if (adaptive) {
            type = adaptiveType(sampling.nextDouble());
        } else {
            type = Math.min(types - 1, (int) (clock.nextDouble() * types));
        }
        context.scheduleTick(context.now() + nextGap(), 0);
        int server = -1;
        if (placement == Rms.Placement.UNIFORM) {
            final int candidate = Math.min(servers.count() - 1, (int) (sampling.nextDouble() * servers.count()));
            server = typeFits(type, candidate) ? candidate : -1;
        } else if (placement == Rms.Placement.RANDOM_FIT) {
            if (fitSize[type] > 0) {
                server = fitSet[type][Math.min(fitSize[type] - 1, (int) (sampling.nextDouble() * fitSize[type]))];
            }
        } else {
            server = bestFitByScan(type);
        }
        if (server >= 0) {
            serve(type, server);
        }
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        if (jobs.isDummy(job)) {
            forgetDummy(job);
        }
        reconcile();
        // 1 - exp(-w_j), computed as -expm1(-w_j) (the accurate form, as the kernel does)
        if (coins.nextDouble() < -StrictMath.expm1(-weight(type))) {
            serve(type, server);
        }
    }

    @Override
    public void decide(final double now) {
    }

    private void serve(final int type, final int server) {
        if (!queues[type].isEmpty()) {
            final int head = queues[type].head();
            queues[type].remove(head);
            context.place(head, server);
        } else {
            final int dummy = context.placeDummy(type, server, dummyService.nextExponential() * classes.meanService(type));
            if (replaceDummies) {
                if (dummyCount == dummies.length) {
                    dummies = Arrays.copyOf(dummies, 2 * dummyCount);
                }
                dummies[dummyCount++] = dummy;
            }
        }
        reconcile();
    }

    private void forgetDummy(final int dummy) {
        for (int i = 0; i < dummyCount; i++) {
            if (dummies[i] == dummy) {
                System.arraycopy(dummies, i + 1, dummies, i, dummyCount - i - 1);
                dummyCount--;
                return;
            }
        }
    }

    private double nextGap() {
        return -StrictMath.log1p(-clock.nextDouble()) / totalRate;
    }

    private double f(final double x) {
        final double log = StrictMath.log1p(x);
        final double b = settings.b();
        return b == 0 || log == 0 ? log : StrictMath.exp((1 - b) * StrictMath.log(log));
    }

    private int longestQueue() {
        int longest = 0;
        for (final FifoQueue queue : queues) {
            longest = Math.max(longest, queue.size());
        }
        return longest;
    }

    /** Eq. 4: {@code w_j = max{f(Q_j), eps/(8M) f(Q_max)}}. */
    private double weight(final int type) {
        return Math.max(f(queues[type].size()), settings.epsilon() / (8.0 * maxJobs) * f(longestQueue()));
    }

    private int adaptiveType(final double uniform) {
        final double top = weight(longestType());
        final double[] e = new double[types];
        double total = 0;
        for (int j = 0; j < types; j++) {
            e[j] = StrictMath.exp(weight(j) - top);
            total += e[j];
        }
        double running = 0;
        for (int j = 0; j < types - 1; j++) {
            running += e[j];
            if (running > uniform * total) {
                return j;
            }
        }
        return types - 1;
    }

    private int longestType() {
        int best = 0;
        for (int j = 1; j < types; j++) {
            if (queues[j].size() > queues[best].size()) {
                best = j;
            }
        }
        return best;
    }

    private boolean typeFits(final int type, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (classes.exactSize(type, d) > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** D = 1: least residual that holds the type; D &gt; 1: largest size-occupied inner product; ties lowest. */
    private int bestFitByScan(final int type) {
        int best = -1;
        long bestScore = 0;
        for (int server = 0; server < servers.count(); server++) {
            if (!typeFits(type, server)) {
                continue;
            }
            long score = 0;
            if (servers.dimensions() == 1) {
                score = -servers.residual(server, 0);
            } else {
                for (int d = 0; d < servers.dimensions(); d++) {
                    score += (long) classes.exactSize(type, d) * (servers.capacity(server, d) - servers.residual(server, d));
                }
            }
            if (best < 0 || score > bestScore) {
                best = server;
                bestScore = score;
            }
        }
        return best;
    }

    private void reconcile() {
        if (fitSet == null) {
            return;
        }
        for (int server = 0; server < servers.count(); server++) {
            for (int type = 0; type < types; type++) {
                final boolean fits = typeFits(type, server);
                if (fits != isMember[type][server]) {
                    isMember[type][server] = fits;
                    if (fits) {
                        fitSet[type][fitSize[type]++] = server;
                    } else {
                        int at = 0;
                        while (fitSet[type][at] != server) {
                            at++;
                        }
                        fitSet[type][at] = fitSet[type][--fitSize[type]];
                    }
                }
            }
        }
    }

    @Override
    public String toString() {
        return name() + "-naive";
    }
}
