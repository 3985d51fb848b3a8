package org.stowage.core.kernel.rms;

import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;

/**
 * What the RMS kernels read from their model beyond the job types: {@code M}, "the maximum number of jobs
 * (of any type) that can fit in any server" (Psychas and Ghaderi 2018, Sec. II), which sets the floor
 * {@code eps / (8M) f(Q_max)} of the weights (Eq. 4). The application layer computes it exactly
 * ({@code org.stowage.theory.MaxJobsPerServer}, an unbounded knapsack with unit weights, through
 * {@code ModelPlans}); kernels never solve anything. Immutable.
 *
 * @param maxJobsPerServer {@code M >= 1} (1 when no type fits any server: then no server ever holds a job)
 */
public record RmsPlan(int maxJobsPerServer) {
    public RmsPlan {
        if (maxJobsPerServer < 1) {
            throw new IllegalArgumentException("RMS plan: M (most jobs in one server) must be >= 1: "
                + maxJobsPerServer);
        }
    }

    /**
     * A plan whose {@code M} is the per-resource bound {@code max_l min_d floor(C_ld / min_j s_jd)} over the
     * resources some type uses and the types that fit server {@code l}: exact for one resource (the smallest
     * type alone), an upper bound for several (a mix can hold fewer jobs than the bound). For test and
     * benchmark models built without {@code org.stowage.theory}; runs use the exact planner.
     */
    public static RmsPlan perResourceBound(final Model model) {
        final JobClasses types = model.jobClasses();
        final ServerClasses servers = model.serverClasses();
        final int dimensions = servers.dimensions();
        long most = 1;
        for (int c = 0; c < servers.count(); c++) {
            long bound = Long.MAX_VALUE;
            for (int d = 0; d < dimensions; d++) {
                int smallest = Integer.MAX_VALUE;
                for (int j = 0; j < types.count(); j++) {
                    if (fits(types, j, servers, c) && types.exactSize(j, d) > 0) {
                        smallest = Math.min(smallest, types.exactSize(j, d));
                    }
                }
                if (smallest != Integer.MAX_VALUE) {
                    bound = Math.min(bound, servers.capacity(c, d) / smallest);
                }
            }
            if (bound != Long.MAX_VALUE) {
                most = Math.max(most, bound);
            }
        }
        return new RmsPlan((int) Math.min(Integer.MAX_VALUE, most));
    }

    private static boolean fits(final JobClasses types, final int j, final ServerClasses servers, final int c) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (types.exactSize(j, d) > servers.capacity(c, d)) {
                return false;
            }
        }
        return true;
    }
}
