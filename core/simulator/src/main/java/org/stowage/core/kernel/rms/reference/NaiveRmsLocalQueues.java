package org.stowage.core.kernel.rms.reference;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.rms.RmsLocalQueues;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.kernel.rms.RmsSettings;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.FifoQueue;

/**
 * The reference twin of {@link RmsLocalQueues} (RMS+JSQ, RMS+Po2): docs/RMS.md section 4.3 with plain
 * scans, its own Eq. (5) weights, JSQ by a scan of every server (the k-th shortest queue in index order),
 * drawing the same uniforms from the same streams in the same order. O(L) per arrival; for tests only.
 */
public final class NaiveRmsLocalQueues extends KernelBase {
    private final RmsLocalQueues.Routing routingRule;
    private final RmsSettings settings;
    private final Model model;

    private JobClasses classes;
    private int types;
    private int maxJobs;
    private FifoQueue[][] local;
    private RandomGenerator clock;
    private RandomGenerator routing;
    private RandomGenerator coins;
    private RandomGenerator dummyService;
    private boolean stopped;

    public NaiveRmsLocalQueues(final String name, final RmsLocalQueues.Routing routingRule, final RmsSettings settings,
                               final Model model) {
        super(name);
        this.routingRule = routingRule;
        this.settings = settings;
        this.model = model;
    }

    @Override
    protected void onAttach() {
        classes = model.jobClasses();
        types = classes.count();
        maxJobs = model.plan(RmsPlan.class).maxJobsPerServer();
        local = new FifoQueue[servers.count()][types];
        for (int l = 0; l < servers.count(); l++) {
            for (int j = 0; j < types; j++) {
                local[l][j] = context.newFifoQueue();
            }
        }
        clock = context.random(SchedulerContext.CLOCKS);
        routing = context.random(SchedulerContext.ROUTING);
        coins = context.random(SchedulerContext.COINS);
        dummyService = context.random(SchedulerContext.DUMMY_SERVICE);
        context.scheduleTick(context.now() + nextGap(), 0);
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        final int count = servers.count();
        int server;
        if (routingRule == RmsLocalQueues.Routing.JSQ) {
            int least = Integer.MAX_VALUE;
            int ties = 0;
            for (int l = 0; l < count; l++) {
                if (!holds(type, l)) {
                    continue;
                }
                final int length = local[l][type].size();
                if (length < least) {
                    least = length;
                    ties = 1;
                } else if (length == least) {
                    ties++;
                }
            }
            int k = ties > 1 ? routing.nextInt(ties) : 0;
            server = -1;
            for (int l = 0; l < count && server < 0; l++) {
                if (holds(type, l) && local[l][type].size() == least && k-- == 0) {
                    server = l;
                }
            }
        } else {
            final int[] candidates = new int[count];
            int n = 0;
            for (int l = 0; l < count; l++) {
                if (holds(type, l)) {
                    candidates[n++] = l;
                }
            }
            if (n == 1) {
                local[candidates[0]][type].enqueue(job);
                return;
            }
            final int firstIndex = routing.nextInt(n);
            int secondIndex = routing.nextInt(n - 1);
            if (secondIndex >= firstIndex) {
                secondIndex++;
            }
            final int first = candidates[firstIndex];
            final int second = candidates[secondIndex];
            final int a = local[first][type].size();
            final int c = local[second][type].size();
            server = a < c ? first : c < a ? second : routing.nextBoolean() ? first : second;
        }
        local[server][type].enqueue(job);
    }

    @Override
    public void onTick(final long tag) {
        if (stopped) {
            return;
        }
        int queued = 0;
        for (final FifoQueue[] row : local) {
            for (final FifoQueue queue : row) {
                queued += queue.size();
            }
        }
        if (context.arrivalsEnded() && queued == 0 && jobs.runningCount() == 0) {
            stopped = true;
            return;
        }
        final int pairs = servers.count() * types;
        final int pair = Math.min(pairs - 1, (int) (clock.nextDouble() * pairs));
        context.scheduleTick(context.now() + nextGap(), 0);
        final int server = pair / types;
        final int type = pair % types;
        boolean fits = true;
        for (int d = 0; d < servers.dimensions(); d++) {
            fits &= classes.exactSize(type, d) <= servers.residual(server, d);
        }
        if (fits) {
            serve(type, server);
        }
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        int longest = 0;
        for (int j = 0; j < types; j++) {
            longest = Math.max(longest, local[server][j].size());
        }
        final double weight = Math.max(f(local[server][type].size()), settings.epsilon() / (8.0 * maxJobs) * f(longest));
        if (coins.nextDouble() < -StrictMath.expm1(-weight)) {
            serve(type, server);
        }
    }

    @Override
    public void decide(final double now) {
    }

    private void serve(final int type, final int server) {
        final FifoQueue queue = local[server][type];
        if (!queue.isEmpty()) {
            final int head = queue.head();
            queue.remove(head);
            context.place(head, server);
        } else {
            context.placeDummy(type, server, dummyService.nextExponential() * classes.meanService(type));
        }
    }

    private boolean holds(final int type, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (classes.exactSize(type, d) > servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }

    private double f(final double x) {
        final double log = StrictMath.log1p(x);
        final double b = settings.b();
        return b == 0 || log == 0 ? log : StrictMath.exp((1 - b) * StrictMath.log(log));
    }

    private double nextGap() {
        return -StrictMath.log1p(-clock.nextDouble()) / (settings.clockRate() * (servers.count() * types));
    }
}
