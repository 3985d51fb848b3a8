package org.stowage.core.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.stowage.core.state.ServerView;

/**
 * What a scheduler kernel may know before the first event, beyond the live state: the server classes,
 * the job classes, processing rates that depend on the server (optional), and an opaque plan that the
 * application layer computed before the run (LoTES's stage 1-2 solution, the configuration sets of MWR and
 * MWS), so that kernels never call an optimisation solver themselves. A model holds at most one plan of
 * each class, so one model can serve several kernels compared in one run, each finding its own plan by type.
 *
 * <p>Immutable and shared: one model may serve any number of simulations side by side, so a plan must be
 * immutable too. Kernels get it in {@link org.stowage.core.engine.SchedulerFactory#create} and from
 * {@link org.stowage.core.engine.SchedulerContext#model()}.
 */
public final class Model {
    private final ServerClasses serverClasses;
    private final JobClasses jobClasses;
    private final ProcessingRates rates;
    private final List<Object> plans;

    private Model(final ServerClasses serverClasses, final JobClasses jobClasses, final ProcessingRates rates,
                  final List<Object> plans) {
        this.serverClasses = Objects.requireNonNull(serverClasses, "serverClasses");
        this.jobClasses = Objects.requireNonNull(jobClasses, "jobClasses");
        if (jobClasses.dimensions() != serverClasses.dimensions()) {
            throw new IllegalArgumentException("job classes have " + jobClasses.dimensions()
                + " resources but the servers have " + serverClasses.dimensions());
        }
        if (rates != null) {
            if (rates.serverClasses() != serverClasses.count()) {
                throw new IllegalArgumentException("processing rates cover " + rates.serverClasses()
                    + " server classes but the cluster has " + serverClasses.count());
            }
            if (jobClasses.count() != 0 && rates.jobClasses() != jobClasses.count()) {
                throw new IllegalArgumentException("processing rates cover " + rates.jobClasses()
                    + " job classes but the workload has " + jobClasses.count());
            }
        }
        this.rates = rates;
        this.plans = List.copyOf(plans);
    }

    /** A model that knows the servers only. */
    public static Model of(final ServerView servers) {
        return of(ServerClasses.of(servers));
    }

    public static Model of(final ServerClasses serverClasses) {
        return new Model(serverClasses, JobClasses.unknown(serverClasses.dimensions()), null, List.of());
    }

    public Model withJobClasses(final JobClasses classes) {
        return new Model(serverClasses, classes, rates, plans);
    }

    /** Service times fixed at start from work and these rates (see {@link ProcessingRates}); null for none. */
    public Model withRates(final ProcessingRates processingRates) {
        return new Model(serverClasses, jobClasses, processingRates, plans);
    }

    /** This model with {@code precomputed} as its plan of that class (replacing one of the same class). */
    public Model withPlan(final Object precomputed) {
        Objects.requireNonNull(precomputed, "plan");
        final List<Object> updated = new ArrayList<>();
        for (final Object plan : plans) {
            if (plan.getClass() != precomputed.getClass()) {
                updated.add(plan);
            }
        }
        updated.add(precomputed);
        return new Model(serverClasses, jobClasses, rates, updated);
    }

    public ServerClasses serverClasses() {
        return serverClasses;
    }

    public JobClasses jobClasses() {
        return jobClasses;
    }

    /** The processing rates, or null when a job's service time does not depend on its server. */
    public ProcessingRates rates() {
        return rates;
    }

    /** Whether a plan of {@code type} was supplied. */
    public boolean hasPlan(final Class<?> type) {
        for (final Object plan : plans) {
            if (type.isInstance(plan)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The plan of the type the kernel expects.
     *
     * @throws IllegalStateException naming the expected type when the model holds none
     */
    public <T> T plan(final Class<T> type) {
        for (final Object plan : plans) {
            if (type.isInstance(plan)) {
                return type.cast(plan);
            }
        }
        throw new IllegalStateException("this kernel needs a precomputed " + type.getSimpleName()
            + " in its model; none was supplied");
    }

    /** Models are equal when their classes, rates and plans are (plans compare as their own classes say). */
    @Override
    public boolean equals(final Object other) {
        return other instanceof Model that && serverClasses.equals(that.serverClasses)
            && jobClasses.equals(that.jobClasses) && Objects.equals(rates, that.rates) && plans.equals(that.plans);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serverClasses, jobClasses, rates, plans);
    }

    @Override
    public String toString() {
        return "Model[" + serverClasses + ", " + jobClasses + (rates == null ? "" : ", rates")
            + (plans.isEmpty() ? "" : ", " + plans.size() + " plan(s)") + "]";
    }
}
