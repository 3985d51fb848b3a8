package org.stowage.core.state;

/**
 * The server table's fit queries by linear scan over every server, the rule and tie order of
 * {@link ServerTable}'s indexes stated as plainly as possible: the reference the index tests compare with.
 */
final class LinearScans {
    private LinearScans() {
    }

    /** Whether {@code server} holds {@code job} now: every resource's size at most its residual. */
    static boolean holds(final ServerTable servers, final JobTable jobs, final int job, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (jobs.size(job, d) > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Best fit: D = 1 the least residual, D &gt; 1 the largest inner product of size and occupied resources,
     * among the servers that hold the job; ties to the lowest index.
     */
    static int bestFit(final ServerTable servers, final JobTable jobs, final int job) {
        int best = ServerView.NONE;
        long bestKey = Long.MIN_VALUE;
        for (int s = 0; s < servers.count(); s++) {
            if (!holds(servers, jobs, job, s)) {
                continue;
            }
            long key = 0;
            if (servers.dimensions() == 1) {
                key = -servers.residual(s, 0);
            } else {
                for (int d = 0; d < servers.dimensions(); d++) {
                    key += (long) jobs.size(job, d) * (servers.capacity(s, d) - servers.residual(s, d));
                }
            }
            if (best == ServerView.NONE || key > bestKey) {
                best = s;
                bestKey = key;
            }
        }
        return best;
    }

    /** The lowest-index server that holds the job. */
    static int firstFit(final ServerTable servers, final JobTable jobs, final int job) {
        for (int s = 0; s < servers.count(); s++) {
            if (holds(servers, jobs, job, s)) {
                return s;
            }
        }
        return ServerView.NONE;
    }
}
