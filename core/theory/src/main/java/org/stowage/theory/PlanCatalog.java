package org.stowage.theory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;

/**
 * How each kind of precomputed plan is made from a model (the servers, the job classes, the rates), by
 * plan class: the offline half of a kernel that reads a plan ({@link org.stowage.core.kernel.KernelRequirements#planType()}).
 * A kernel family that needs a plan adds one line to {@link #planners()}. Immutable; thread-safe.
 */
final class PlanCatalog {
    private PlanCatalog() {
    }

    /** RMS's {@code M}: the most jobs of the model's types together in one server, exact (MaxJobsPerServer). */
    private static RmsPlan rmsPlan(final Model model) {
        final JobClasses types = model.jobClasses();
        final org.stowage.core.model.ServerClasses servers = model.serverClasses();
        if (!types.allExact()) {
            throw new IllegalArgumentException("RMS needs discrete job types (every class of one exact size); the"
                + " workload's classes are " + types);
        }
        final int[][] sizes = new int[types.count()][servers.dimensions()];
        for (int j = 0; j < types.count(); j++) {
            for (int d = 0; d < servers.dimensions(); d++) {
                sizes[j][d] = types.exactSize(j, d);
            }
        }
        int most = 0;
        for (int c = 0; c < servers.count(); c++) {
            final int[] capacity = new int[servers.dimensions()];
            for (int d = 0; d < capacity.length; d++) {
                capacity[d] = servers.capacity(c, d);
            }
            most = Math.max(most, MaxJobsPerServer.ofServer(sizes, capacity));
        }
        // no type fits any server: every job is rejected at arrival and M never matters
        return new RmsPlan(Math.max(1, most));
    }

    static Map<Class<?>, Function<Model, Object>> planners() {
        final Map<Class<?>, Function<Model, Object>> planners = new LinkedHashMap<>();
        // one line per plan class, for example: planners.put(LotesPlan.class, LotesPlanner::plan);
        planners.put(MaxWeightPlan.class, MaxWeightPlan::of);
        planners.put(RmsPlan.class, PlanCatalog::rmsPlan);
        return planners;
    }
}
