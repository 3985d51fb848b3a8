package org.stowage.core.kernel.batch;

import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The score the Tetris kernel and its naive twin rank (job, machine) pairs by, as Tran et al. 2018 define it
 * (Sec. 5.1, 5.4.3; Grandl et al. 2014): {@link #alignment} minus {@link #penalty}, where
 * <ul>
 *   <li>the alignment is {@code sum_d (r_d / s_d) (f_d / s_d)} of the job's request r and the machine's
 *       free resources f, {@code s_d} the largest machine's capacity on resource d (amounts are fractions of
 *       the largest machine, as the traces normalise them; on identical machines the machine-normalised
 *       score of Hu and Li 2022, Table 2);</li>
 *   <li>the work term is {@code gamma * t * sum_d r_d / s_d} with t the job's processing time <em>on the
 *       machine scored</em>, {@code p / mu_jk} (p its predicted work, mu the model's rate of its class on the
 *       machine's configuration; p itself without rates), in <b>hours</b>: t is the run's time divided by
 *       {@code unitsPerHour}, so gamma = 1 means "equal weights" in the paper's unit whatever the run's time
 *       unit (36,000 for 100 ms units).</li>
 * </ul>
 * The work term depends on the machine only through its configuration (server class), which is what lets
 * the kernel's indexes bound it per class. Both kernels compute every score through this one object, so they
 * rank by the same doubles. Immutable after construction; every method is O(D) or O(1) and allocates nothing.
 */
public final class TetrisTerms {
    private final double gamma;
    private final double hoursPerUnit;
    private final double[] inverseScale;
    private final ProcessingRates rates;
    private final ServerClasses serverClasses;

    /**
     * @param gamma        weight of the work term, finite and &gt;= 0 (0: Hu and Li 2022)
     * @param unitsPerHour the run's time units in one hour, finite and &gt; 0
     */
    public TetrisTerms(final ServerView servers, final Model model, final double gamma, final double unitsPerHour) {
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("Tetris's gamma must be finite and >= 0: " + gamma);
        }
        if (!(unitsPerHour > 0) || Double.isInfinite(unitsPerHour)) {
            throw new IllegalArgumentException("Tetris's unitsPerHour must be finite and > 0: " + unitsPerHour);
        }
        this.gamma = gamma;
        this.hoursPerUnit = 1 / unitsPerHour;
        this.inverseScale = TetrisScore.inverseLargestCapacity(servers);
        this.rates = model.rates();
        this.serverClasses = model.serverClasses();
    }

    /** Server classes the work term tells apart: the model's configurations with rates, else one. */
    public int workClasses() {
        return rates == null ? 1 : serverClasses.count();
    }

    /** The work class of {@code server} ({@link #workClasses}): its configuration with rates, else 0. */
    public int workClassOf(final int server) {
        return rates == null ? 0 : serverClasses.classOf(server);
    }

    /** The servers of work class {@code workClass}, ascending (every server when there is one class). */
    public int serversIn(final int workClass, final ServerView servers) {
        return rates == null ? servers.count() : serverClasses.size(workClass);
    }

    /** The {@code i}-th server of work class {@code workClass}, in ascending server order. */
    public int server(final int workClass, final int i) {
        return rates == null ? i : serverClasses.server(workClass, i);
    }

    /** {@code 1 / s_d}, the weight of resource d in the alignment (squared). */
    public double inverseScale(final int d) {
        return inverseScale[d];
    }

    /** {@code sum_d (r_d / s_d) (f_d / s_d)} for the job's request and the server's free resources. */
    public double alignment(final JobView jobs, final int job, final ServerView servers, final int server) {
        final double[] scale = inverseScale;
        double alignment = 0;
        for (int d = 0; d < scale.length; d++) {
            alignment += (jobs.size(job, d) * scale[d]) * (servers.residual(server, d) * scale[d]);
        }
        return alignment;
    }

    /**
     * The alignment with free resources {@code free[offset + d]}: an upper bound of {@link #alignment} for
     * every server whose free resources are at most these (each product and sum rounds monotonically).
     */
    public double alignmentBound(final JobView jobs, final int job, final int[] free, final int offset) {
        final double[] scale = inverseScale;
        double alignment = 0;
        for (int d = 0; d < scale.length; d++) {
            alignment += (jobs.size(job, d) * scale[d]) * (free[offset + d] * scale[d]);
        }
        return alignment;
    }

    /**
     * The alignment of a request {@code request[offset + d]} with a server's free resources: an upper bound
     * of {@link #alignment} for every job whose request is at most this one.
     */
    public double alignmentBound(final int[] request, final int offset, final ServerView servers, final int server) {
        final double[] scale = inverseScale;
        double alignment = 0;
        for (int d = 0; d < scale.length; d++) {
            alignment += (request[offset + d] * scale[d]) * (servers.residual(server, d) * scale[d]);
        }
        return alignment;
    }

    /** {@code gamma * (p / mu) [h] * sum_d r_d / s_d} of {@code job} on a server of {@code workClass}; 0 when gamma = 0. */
    public double penalty(final JobView jobs, final int job, final int workClass) {
        if (gamma == 0) {
            return 0;
        }
        double request = 0;
        for (int d = 0; d < inverseScale.length; d++) {
            request += jobs.size(job, d) * inverseScale[d];
        }
        final double work = jobs.predictedServiceTime(job);
        final double time = rates == null ? work : work / rates.rate(workClass, jobs.jobClass(job));
        return gamma * (time * hoursPerUnit) * request;
    }

    /** The score of {@code job} on {@code server}: {@link #alignment} minus {@link #penalty}. */
    public double score(final JobView jobs, final int job, final ServerView servers, final int server) {
        return alignment(jobs, job, servers, server) - penalty(jobs, job, workClassOf(server));
    }
}
