package org.stowage.theory;

import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.PlanProvider;
import org.stowage.core.model.ServerClasses;

/**
 * RMS's plan: {@code M}, the most jobs of the model's types together in one server, exact
 * ({@link MaxJobsPerServer#ofServer} per server class; at least 1). Stateless.
 */
public final class RmsPlanProvider implements PlanProvider<RmsPlan> {
    @Override
    public Class<RmsPlan> planType() {
        return RmsPlan.class;
    }

    @Override
    public RmsPlan plan(final Model model) {
        final JobClasses types = model.jobClasses();
        final ServerClasses servers = model.serverClasses();
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
            most = Math.max(most, MaxJobsPerServer.ofServer(sizes, servers.capacity(c)));
        }
        // no type fits any server: every job is rejected at arrival and M never matters
        return new RmsPlan(Math.max(1, most));
    }
}
