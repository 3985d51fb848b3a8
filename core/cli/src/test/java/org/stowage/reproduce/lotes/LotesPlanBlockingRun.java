package org.stowage.reproduce.lotes;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.Sweep;

/**
 * The evidence of docs/LOTES.md "Why Tetris beats LoTES on the trace (Fig. 8)": Fig. 8's paper-scale runs (the
 * figure's own setup: trace, shrunk cluster, classes, plan, horizon) with a {@link PlanBlockingObserver}, per
 * class the queued time blocked by LoTES's plan against blocked by capacity, and the departures that leave
 * room a queued job fits. No decision reads the observer. Not a test; run it after
 * {@code ./mvnw -B -ntp -q -pl core/cli -am package -DskipTests} (which compiles the tests too) with
 * <pre>
 * java -cp core/cli/target/stowage.jar:core/cli/target/test-classes org.stowage.reproduce.lotes.LotesPlanBlockingRun \
 *     [TASK_EVENTS_DIR [SCHEDULER ...]]
 * </pre>
 * (default: ../shared/traces/google-2011/task_events and the figure's LoTES, Tetris:gamma=1 and Greedy).
 * One thread, deterministic.
 */
public final class LotesPlanBlockingRun {
    /** {@code reproduce}'s default {@code --seed}. */
    private static final long REPRODUCE_SEED = 2019;

    private LotesPlanBlockingRun() {
    }

    public static void main(final String[] args) {
        final Path taskEvents = Path.of(args.length > 0 ? args[0] : "../shared/traces/google-2011/task_events");
        final List<String> schedulers = args.length > 1 ? List.of(args).subList(1, args.length)
            : List.of(Paper2018Lotes.LOTES, LotesTraceFigure.TETRIS, Paper2018Lotes.GREEDY);
        final long loading = System.nanoTime();
        final LotesTraceFigure.Setups setups = new LotesTraceFigure.Setups(taskEvents);
        final LotesTraceFigure figure = new LotesTraceFigure(LotesTraceFigure.Kind.WINDOWS, setups);
        // the figure's own point: its seed (reproduce's default base seed) drives LoTES's roulette and Greedy's ties
        final Sweep.Point point = figure.sweep(Scale.PAPER, REPRODUCE_SEED).points().get(0);
        final LotesTraceFigure.Setup setup = setups.get(Scale.PAPER);
        final LotesPlan plan = setup.plan();
        System.out.printf(Locale.ROOT, "%,d jobs over %.1f h on %,d machines, lambda* %.1f jobs/h; loaded in %.1f s%n",
            setup.trace().count(), setup.horizon() / LotesTraceFigure.UNITS_PER_HOUR, setup.cluster().count(),
            plan.lambdaStar() * LotesTraceFigure.UNITS_PER_HOUR, (System.nanoTime() - loading) / 1e9);
        for (int k = 0; k < plan.classCount(); k++) {
            int machines = 0;
            final StringBuilder configurations = new StringBuilder();
            for (int j = 0; j < plan.configurationCount(); j++) {
                if (plan.serves(j, k)) {
                    machines += plan.configurationSize(j);
                    configurations.append(configurations.length() == 0 ? "" : " ").append(j + 1);
                }
            }
            System.out.printf(Locale.ROOT, "class %d: served by configurations %s (%,d machines of %,d)%n", k + 1,
                configurations, machines, plan.serverCount());
        }
        for (final String scheduler : schedulers) {
            final RunSpec spec = figure.spec(point, scheduler, Scale.PAPER);
            final Simulation simulation = Simulation.builder().servers(spec.servers())
                .workload(spec.workload().open(spec.seed())).model(spec.resolvedModel())
                .scheduler(spec.schedulerFactory()).timeMode(TimeMode.CONTINUOUS).seed(spec.seed()).build();
            final PlanBlockingObserver observer = new PlanBlockingObserver(simulation.jobs(), simulation.servers(), plan);
            simulation.addListener(observer);
            final long start = System.nanoTime();
            simulation.runUntil(setup.horizon());
            observer.finish(setup.horizon());
            observer.checkRoom(simulation.servers());
            print(scheduler, observer, (System.nanoTime() - start) / 1e9);
            double jobTime = 0;
            for (int k = 0; k < observer.classCount(); k++) {
                jobTime += observer.jobTime(k, PlanBlockingObserver.SERVED) + observer.jobTime(k, PlanBlockingObserver.PLAN)
                    + observer.jobTime(k, PlanBlockingObserver.CAPACITY);
            }
            System.out.printf(Locale.ROOT, "average queue %.2f (the figure prints its run's)%n", jobTime / setup.horizon());
            printStillQueued(simulation, plan);
        }
    }

    /** The jobs queued at the end, and those no machine of a configuration serving their class could ever hold. */
    private static void printStillQueued(final Simulation simulation, final LotesPlan plan) {
        final JobTable jobs = simulation.jobTable();
        final ServerView servers = simulation.servers();
        int queued = 0;
        int neverServed = 0;
        final StringBuilder examples = new StringBuilder();
        for (int job = 0; job < jobs.capacity(); job++) {
            if (jobs.state(job) != JobTable.QUEUED) {
                continue;
            }
            queued++;
            final int k = jobs.jobClass(job);
            boolean holdable = false;
            for (int s = 0; s < servers.count() && !holdable; s++) {
                if (plan.serves(plan.configurationOf(s), k)) {
                    holdable = true;
                    for (int d = 0; d < servers.dimensions(); d++) {
                        holdable &= jobs.size(job, d) <= servers.capacity(s, d);
                    }
                }
            }
            neverServed += holdable ? 0 : 1;
            if (examples.length() < 400) {
                examples.append(String.format(Locale.ROOT, " [class %d, size %d x %d units, queued since %.2f h%s]",
                    k + 1, jobs.size(job, 0), jobs.size(job, 1), jobs.arrivalTime(job) / LotesTraceFigure.UNITS_PER_HOUR,
                    holdable ? "" : ", larger than every machine serving its class"));
            }
        }
        System.out.printf(Locale.ROOT, "queued at the end: %d, of which %d fit no machine of a configuration serving"
            + " their class:%s%n", queued, neverServed, examples);
    }

    private static void print(final String scheduler, final PlanBlockingObserver observer, final double seconds) {
        final double hour = LotesTraceFigure.UNITS_PER_HOUR;
        long arrivals = 0;
        final double[] total = new double[3];
        for (int k = 0; k < observer.classCount(); k++) {
            arrivals += observer.arrivals(k);
            for (int state = 0; state < 3; state++) {
                total[state] += observer.jobTime(k, state);
            }
        }
        System.out.printf(Locale.ROOT, "%n%s (%.1f s with the observer): mean wait %.4g h = served-room %.4g + plan %.4g"
                + " + capacity %.4g h; %,d departures, %,d (%.2f%%) leave room a queued job fits%n", scheduler, seconds,
            (total[0] + total[1] + total[2]) / arrivals / hour, total[0] / arrivals / hour, total[1] / arrivals / hour,
            total[2] / arrivals / hour, observer.departures(), observer.departuresLeavingRoom(),
            100.0 * observer.departuresLeavingRoom() / Math.max(1, observer.departures()));
        System.out.println("class | share of arrivals | mean wait h | beside room on a serving machine h |"
            + " blocked by the plan h (share of the class's wait) | blocked by capacity h (share) |"
            + " departures leaving room for the class");
        for (int k = 0; k < observer.classCount(); k++) {
            final double n = Math.max(1, observer.arrivals(k));
            final double served = observer.jobTime(k, PlanBlockingObserver.SERVED) / n / hour;
            final double byPlan = observer.jobTime(k, PlanBlockingObserver.PLAN) / n / hour;
            final double byCapacity = observer.jobTime(k, PlanBlockingObserver.CAPACITY) / n / hour;
            final double wait = served + byPlan + byCapacity;
            System.out.printf(Locale.ROOT, "%d | %.1f%% | %.4g | %.4g | %.4g (%.1f%%) | %.4g (%.1f%%) | %,d%n", k + 1,
                100.0 * observer.arrivals(k) / arrivals, wait, served, byPlan, wait > 0 ? 100 * byPlan / wait : 0,
                byCapacity, wait > 0 ? 100 * byCapacity / wait : 0, observer.departuresLeavingRoom(k));
        }
    }
}
