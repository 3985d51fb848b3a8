package org.stowage.core.kernel.lotes.reference;

import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/** The plain scans the LoTES-paper twins share, written to be obviously correct. */
final class NaiveScans {
    private NaiveScans() {
    }

    /** Whether {@code job} fits {@code server}'s free resources now. */
    static boolean fits(final JobView jobs, final ServerView servers, final int job, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (jobs.size(job, d) > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** The lowest-index server {@code job} fits, or -1. */
    static int firstFit(final JobView jobs, final ServerView servers, final int job) {
        for (int server = 0; server < servers.count(); server++) {
            if (fits(jobs, servers, job, server)) {
                return server;
            }
        }
        return -1;
    }
}
