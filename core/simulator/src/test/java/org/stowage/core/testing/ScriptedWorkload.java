package org.stowage.core.testing;

import java.util.Arrays;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;

/**
 * A hand-written workload: rows of (arrival time, service time, size in units per resource...), every job of
 * class 0, or of the classes given, or with {@link #typed} rows of (arrival time, service time, class, size...),
 * or with {@link #withDevices} a device demand last.
 */
public final class ScriptedWorkload implements Workload {
    private final double[][] rows;
    private final int[] classes;
    private final int[] devices;
    private int next;

    public ScriptedWorkload(final double[]... rows) {
        this(null, rows);
    }

    /** The same with the job class of each row ({@code classes[i]} for row i). */
    public ScriptedWorkload(final int[] classes, final double[]... rows) {
        this(classes, null, rows);
    }

    private ScriptedWorkload(final int[] classes, final int[] devices, final double[][] rows) {
        this.rows = rows;
        this.classes = classes;
        this.devices = devices;
    }

    /** Rows of (arrival time, service time, size in units per resource..., device demand as a DeviceDemand). */
    public static ScriptedWorkload withDevices(final double[]... rows) {
        final int[] devices = new int[rows.length];
        final double[][] plain = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            devices[i] = (int) rows[i][rows[i].length - 1];
            plain[i] = Arrays.copyOf(rows[i], rows[i].length - 1);
        }
        return new ScriptedWorkload(null, devices, plain);
    }

    /** Rows of (arrival time, service time, job class, size in units per resource...). */
    public static ScriptedWorkload typed(final double[]... rows) {
        final int[] classes = new int[rows.length];
        final double[][] plain = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            classes[i] = (int) rows[i][2];
            plain[i] = new double[rows[i].length - 1];
            plain[i][0] = rows[i][0];
            plain[i][1] = rows[i][1];
            System.arraycopy(rows[i], 3, plain[i], 2, rows[i].length - 3);
        }
        return new ScriptedWorkload(classes, plain);
    }

    @Override
    public int dimensions() {
        return rows[0].length - 2;
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
        spec.jobClass = classes == null ? 0 : classes[next - 1];
        for (int d = 0; d < spec.size.length; d++) {
            spec.size[d] = (int) row[2 + d];
        }
        if (devices != null) {
            spec.devices = devices[next - 1];
        }
    }
}
