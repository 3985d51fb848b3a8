package org.stowage.core.kernel.lotes;

import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;

/**
 * A valid {@link LotesPlan} for any model, without solving LoTES's Stages 1-2: what the registry's generic
 * checks (differential, allocation, benchmark smoke) give the LoTES dispatcher on random scenarios. It is
 * not an optimised plan; real runs get theirs from {@code org.stowage.theory.lotes.LotesPlanner}.
 *
 * <p>Classes: those of the model, or one class when it lists none. Every configuration {@code j} has an
 * <em>equal-share</em> bin: each class gets {@code 1/K} of a machine, so
 * {@code N_jk = max(1, floor(min_d (c_jd / K) / mean_kd))} (2 when the means are unknown). Every class is
 * served by every configuration, so a queued job that fits some machine is eventually started (the
 * dispatcher never starts a class at a departure where {@code Delta_jk = 0}). A configuration with two or
 * more machines also has a <em>skewed</em> bin, emulated by its odd-numbered machines: twice the equal
 * share plus one of class {@code j mod K}, none of the others; so some machines have {@code N = 0} for a
 * class and the {@code v} ranking matters. Routing is the paper's capacity share,
 * {@code rho_jk = slots_jk / sum_m slots_mk}. The lambdas are 0 (not computed).
 */
public final class EqualSharePlan {
    private EqualSharePlan() {
    }

    /** The plan for {@code model}'s server classes and job classes. */
    public static LotesPlan of(final Model model) {
        final ServerClasses serverClasses = model.serverClasses();
        final JobClasses jobClasses = model.jobClasses();
        final int classes = Math.max(1, jobClasses.count());
        final int configurations = serverClasses.count();
        final int servers = serverClasses.servers();
        final int[] equal = new int[configurations * classes];
        int bins = 0;
        for (int j = 0; j < configurations; j++) {
            for (int k = 0; k < classes; k++) {
                int count = Integer.MAX_VALUE;
                if (jobClasses.count() == 0) {
                    count = 2;
                } else {
                    for (int d = 0; d < serverClasses.dimensions(); d++) {
                        final double mean = jobClasses.meanSize(k, d);
                        if (mean > 0) {
                            count = (int) Math.min(count, Math.floor(serverClasses.capacity(j, d) / (double) classes / mean));
                        }
                    }
                    count = count == Integer.MAX_VALUE ? 2 : Math.max(1, Math.min(count, 1000));
                }
                equal[j * classes + k] = count;
            }
            bins += serverClasses.size(j) >= 2 ? 2 : 1;
        }
        final int[] binConfiguration = new int[bins];
        final int[] binJobs = new int[bins * classes];
        final int[] firstBin = new int[configurations];
        int b = 0;
        for (int j = 0; j < configurations; j++) {
            firstBin[j] = b;
            binConfiguration[b] = j;
            System.arraycopy(equal, j * classes, binJobs, b * classes, classes);
            b++;
            if (serverClasses.size(j) >= 2) {
                binConfiguration[b] = j;
                final int skewed = j % classes;
                binJobs[b * classes + skewed] = 2 * equal[j * classes + skewed] + 1;
                b++;
            }
        }
        final int[] configurationOfServer = new int[servers];
        final int[] binOfServer = new int[servers];
        final long[] slots = new long[configurations * classes];
        for (int j = 0; j < configurations; j++) {
            for (int i = 0; i < serverClasses.size(j); i++) {
                final int server = serverClasses.server(j, i);
                final int bin = firstBin[j] + (i % 2 == 1 ? 1 : 0);
                configurationOfServer[server] = j;
                binOfServer[server] = bin;
                for (int k = 0; k < classes; k++) {
                    slots[j * classes + k] += binJobs[bin * classes + k];
                }
            }
        }
        final double[] routing = new double[classes * configurations];
        for (int k = 0; k < classes; k++) {
            long total = 0;
            for (int j = 0; j < configurations; j++) {
                total += slots[j * classes + k];
            }
            for (int j = 0; j < configurations; j++) {
                routing[k * configurations + j] = total == 0 ? 0 : slots[j * classes + k] / (double) total;
            }
        }
        return LotesPlan.of(classes, configurationOfServer, binOfServer, binConfiguration, binJobs, routing, 0, 0, 0);
    }
}
