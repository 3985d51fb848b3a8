package org.stowage.core.testing;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;

/**
 * A hand-written workload: rows of (arrival time, service time, size in units per resource...), every job of
 * class 0, or with {@link #typed} rows of (arrival time, service time, class, size...).
 */
public final class ScriptedWorkload implements Workload {
    private final double[][] rows;
    /** Where the sizes start in a row: 2, or 3 when the class comes first. */
    private final int sizeColumn;
    private int next;

    public ScriptedWorkload(final double[]... rows) {
        this(2, rows);
    }

    private ScriptedWorkload(final int sizeColumn, final double[][] rows) {
        this.rows = rows;
        this.sizeColumn = sizeColumn;
    }

    /** Rows of (arrival time, service time, job class, size in units per resource...). */
    public static ScriptedWorkload typed(final double[]... rows) {
        return new ScriptedWorkload(3, rows);
    }

    @Override
    public int dimensions() {
        return rows[0].length - sizeColumn;
    }

    @Override
    public double peekArrivalTime() {
        return next < rows.length ? rows[next][0] : Double.POSITIVE_INFINITY;
    }

    @Override
    public void next(final JobSpec spec) {
        final double[] row = rows[next++];
        spec.arrivalTime = row[0];
        spec.serviceTime = row[1];
        spec.jobClass = sizeColumn == 3 ? (int) row[2] : 0;
        for (int d = 0; d < spec.size.length; d++) {
            spec.size[d] = (int) row[sizeColumn + d];
        }
    }
}
