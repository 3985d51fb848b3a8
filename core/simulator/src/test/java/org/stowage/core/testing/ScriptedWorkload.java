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
    /** The class of each row when given apart from the rows; null otherwise. */
    private final int[] classes;
    private int next;

    public ScriptedWorkload(final double[]... rows) {
        this(2, null, rows);
    }

    /** The same with the job class of each row ({@code classes[i]} for row i). */
    public ScriptedWorkload(final int[] classes, final double[]... rows) {
        this(2, classes, rows);
    }

    private ScriptedWorkload(final int sizeColumn, final int[] classes, final double[][] rows) {
        this.rows = rows;
        this.sizeColumn = sizeColumn;
        this.classes = classes;
    }

    /** Rows of (arrival time, service time, job class, size in units per resource...). */
    public static ScriptedWorkload typed(final double[]... rows) {
        return new ScriptedWorkload(3, null, rows);
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
        spec.jobClass = sizeColumn == 3 ? (int) row[2] : classes == null ? 0 : classes[next - 1];
        for (int d = 0; d < spec.size.length; d++) {
            spec.size[d] = (int) row[sizeColumn + d];
        }
    }
}
