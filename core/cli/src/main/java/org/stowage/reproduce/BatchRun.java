package org.stowage.reproduce;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.batch.DensestJobSetFirst;
import org.stowage.core.metrics.BatchMetrics;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;

/**
 * One batch run for the Hu and Li 2022 figures: a job list on a fresh cluster under one kernel spec, with
 * its {@link BatchMetrics}, the wall time spent inside the kernel's callbacks (Table 3's overhead), and for
 * DJSF its last plan's job sets (Fig. 11).
 *
 * @param spec        the kernel spec
 * @param metrics     JCTs, CDF, throughput, use over time
 * @param overhead    seconds spent in the kernel's callbacks
 * @param setJce      JCE of each job set of DJSF's (first) plan, in set order; empty for other kernels
 */
public record BatchRun(String spec, BatchMetrics metrics, double overhead, double[] setJce) {

    /** Runs {@code jobs} (continuous time, the list's time unit) on {@code cluster} under {@code spec}. */
    public static BatchRun of(final JobList jobs, final ServerTable cluster, final String spec) {
        final Model model = Model.of(cluster);
        final TimedScheduler timed = new TimedScheduler(Kernels.byName(spec).create(model));
        final Simulation simulation = Simulation.builder()
            .servers(cluster)
            .workload(jobs.workload(TimeMode.CONTINUOUS, 1.0))
            .model(model)
            .scheduler(timed)
            .timeMode(TimeMode.CONTINUOUS)
            .initialJobCapacity(Math.max(16, jobs.count()))
            .build();
        final BatchMetrics metrics = new BatchMetrics(simulation.jobTable(), simulation.servers());
        simulation.addListener(metrics);
        simulation.runToCompletion();
        double[] jce = new double[0];
        if (timed.delegate instanceof DensestJobSetFirst djsf && djsf.plans() == 1) {
            jce = new double[djsf.planner().setCount()];
            for (int m = 0; m < jce.length; m++) {
                jce[m] = djsf.planner().setJce(m);
            }
        }
        return new BatchRun(spec, metrics, timed.nanos / 1e9, jce);
    }

    /** Forwards every callback and adds up the wall time spent in them. */
    private static final class TimedScheduler implements Scheduler {
        private final Scheduler delegate;
        private long nanos;

        TimedScheduler(final Scheduler delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public void attach(final SchedulerContext context) {
            final long start = System.nanoTime();
            delegate.attach(context);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onArrival(final int job) {
            final long start = System.nanoTime();
            delegate.onArrival(job);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onDeparture(final int job, final int server) {
            final long start = System.nanoTime();
            delegate.onDeparture(job, server);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onTick(final long tag) {
            final long start = System.nanoTime();
            delegate.onTick(tag);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void decide(final double now) {
            final long start = System.nanoTime();
            delegate.decide(now);
            nanos += System.nanoTime() - start;
        }
    }
}
