package org.stowage.core.state;

import java.util.random.RandomGenerator;

/**
 * The {@link ServerView} a kernel is handed: every query of the {@link ServerTable}, forwarded, and nothing
 * else, so a kernel cannot cast it to the table and occupy or vacate a server behind the engine's back. A
 * job view passed in may be the kernel's read-only one ({@link ReadOnlyJobs}) or a table. One per table,
 * made when a simulation starts ({@link ServerTable#readOnly()}); each call is the table's plus one field
 * read, allocation-free.
 */
final class ReadOnlyServers implements ServerView {
    private final ServerTable table;

    ReadOnlyServers(final ServerTable table) {
        this.table = table;
    }

    @Override
    public int count() {
        return table.count();
    }

    @Override
    public int dimensions() {
        return table.dimensions();
    }

    @Override
    public int capacity(final int server, final int d) {
        return table.capacity(server, d);
    }

    @Override
    public int residual(final int server, final int d) {
        return table.residual(server, d);
    }

    @Override
    public int maxResidual(final int d) {
        return table.maxResidual(d);
    }

    @Override
    public int maxCapacity(final int d) {
        return table.maxCapacity(d);
    }

    @Override
    public int jobCount(final int server) {
        return table.jobCount(server);
    }

    @Override
    public int firstJob(final int server) {
        return table.firstJob(server);
    }

    @Override
    public int nextJobOnServer(final JobView jobs, final int job) {
        return table.nextJobOnServer(ReadOnlyJobs.tableOf(jobs), job);
    }

    @Override
    public boolean fits(final JobView jobs, final int job, final int server) {
        return table.fits(ReadOnlyJobs.tableOf(jobs), job, server);
    }

    @Override
    public boolean mayFitSomewhere(final JobView jobs, final int job) {
        return table.mayFitSomewhere(ReadOnlyJobs.tableOf(jobs), job);
    }

    @Override
    public int bestFit(final JobView jobs, final int job) {
        return table.bestFit(ReadOnlyJobs.tableOf(jobs), job);
    }

    @Override
    public int randomFit(final JobView jobs, final int job, final RandomGenerator random) {
        return table.randomFit(ReadOnlyJobs.tableOf(jobs), job, random);
    }

    @Override
    public int bestFitOfSize(final int[] size, final int base) {
        return table.bestFitOfSize(size, base);
    }

    @Override
    public int firstFit(final JobView jobs, final int job) {
        return table.firstFit(ReadOnlyJobs.tableOf(jobs), job);
    }

    @Override
    public int nextWithResidualAtLeast(final int units, final int from) {
        return table.nextWithResidualAtLeast(units, from);
    }

    @Override
    public String toString() {
        return "read-only view of " + table;
    }
}
