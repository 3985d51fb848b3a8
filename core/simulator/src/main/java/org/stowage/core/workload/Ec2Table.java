package org.stowage.core.workload;

/**
 * The 2018 paper's EC2 setting (Psychas and Ghaderi 2018, Sec. VII-A, Table I): three job types on servers
 * of 90 GB memory, 90 CPU units and 5000 GB storage. One table for the CLI's {@code --sizes ec2} and
 * {@code --servers ec2:N} and for the reproduced figures.
 */
public final class Ec2Table {
    /** Memory (GB), CPU units, storage (GB) of Standard Extra Large, High-Memory Extra Large, High-CPU Extra Large. */
    private static final double[][] JOB_TYPES = {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}};
    /** The server of Sec. VII-A. */
    private static final double[] SERVER = {90, 90, 5000};

    private Ec2Table() {
    }

    /** The job types as given in Table I (a fresh copy). */
    public static double[][] jobTypes() {
        final double[][] copy = new double[JOB_TYPES.length][];
        for (int j = 0; j < copy.length; j++) {
            copy[j] = JOB_TYPES[j].clone();
        }
        return copy;
    }

    /** The server's capacity per resource (a fresh copy). */
    public static double[] server() {
        return SERVER.clone();
    }

    /** The job types as fractions of the server, per resource: the sizes on servers of capacity 1.0. */
    public static double[][] normalisedJobTypes() {
        final double[][] types = new double[JOB_TYPES.length][SERVER.length];
        for (int j = 0; j < types.length; j++) {
            for (int d = 0; d < SERVER.length; d++) {
                types[j][d] = JOB_TYPES[j][d] / SERVER[d];
            }
        }
        return types;
    }
}
