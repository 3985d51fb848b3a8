package org.stowage.core.state;

/**
 * The {@link JobView} a kernel is handed: every read of the {@link JobTable} and the kernel's own columns,
 * forwarded, and nothing else. A kernel cannot cast it to the table and change a running job's size or
 * state; the table stays the engine's. One per table, made when a simulation starts
 * ({@link JobTable#readOnly()}); each call is the table's plus one field read, allocation-free.
 */
final class ReadOnlyJobs implements JobView {
    final JobTable table;

    ReadOnlyJobs(final JobTable table) {
        this.table = table;
    }

    /** The table behind {@code view}: itself, or the table a read-only view forwards to. */
    static JobTable tableOf(final JobView view) {
        return view instanceof ReadOnlyJobs readOnly ? readOnly.table : (JobTable) view;
    }

    @Override
    public int dimensions() {
        return table.dimensions();
    }

    @Override
    public int size(final int job, final int d) {
        return table.size(job, d);
    }

    @Override
    public double arrivalTime(final int job) {
        return table.arrivalTime(job);
    }

    @Override
    public double serviceTime(final int job) {
        return table.serviceTime(job);
    }

    @Override
    public double predictedServiceTime(final int job) {
        return table.predictedServiceTime(job);
    }

    @Override
    public int jobClass(final int job) {
        return table.jobClass(job);
    }

    @Override
    public byte state(final int job) {
        return table.state(job);
    }

    @Override
    public boolean isQueued(final int job) {
        return table.isQueued(job);
    }

    @Override
    public boolean isRunning(final int job) {
        return table.isRunning(job);
    }

    @Override
    public boolean isDummy(final int job) {
        return table.isDummy(job);
    }

    @Override
    public int serverOf(final int job) {
        return table.serverOf(job);
    }

    @Override
    public int queuedCount() {
        return table.queuedCount();
    }

    @Override
    public int runningCount() {
        return table.runningCount();
    }

    @Override
    public int dummyCount() {
        return table.dummyCount();
    }

    @Override
    public int addIntColumn(final int initial) {
        return table.addIntColumn(initial);
    }

    @Override
    public int addDoubleColumn(final double initial) {
        return table.addDoubleColumn(initial);
    }

    @Override
    public int intColumn(final int column, final int job) {
        return table.intColumn(column, job);
    }

    @Override
    public void setIntColumn(final int column, final int job, final int value) {
        table.setIntColumn(column, job, value);
    }

    @Override
    public double doubleColumn(final int column, final int job) {
        return table.doubleColumn(column, job);
    }

    @Override
    public void setDoubleColumn(final int column, final int job, final double value) {
        table.setDoubleColumn(column, job, value);
    }

    @Override
    public String toString() {
        return "read-only view of " + table;
    }
}
