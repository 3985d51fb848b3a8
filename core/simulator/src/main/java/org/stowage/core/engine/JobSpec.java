package org.stowage.core.engine;

/**
 * A reusable flyweight that a {@link Workload} fills with the next arriving job. The simulation owns one
 * instance and reads it right after {@link Workload#next(JobSpec)} returns, so no object is made per job.
 */
public final class JobSpec {
    /** Arrival time: a whole slot number in slotted mode. */
    public double arrivalTime;
    /** Service requirement: whole slots &gt;= 1 in slotted mode, any positive finite value otherwise. */
    public double serviceTime;
    /**
     * The service time a scheduler should believe (a prediction, Hu and Li 2022, Sec. 6.1), or NaN when the
     * workload gives none. A workload that predicts sets it for every job.
     */
    public double predictedServiceTime = Double.NaN;
    /** Type or class id in [0, 32767]; 0 when the workload has no types. */
    public int jobClass;
    /** Size per resource, in units ({@link org.stowage.core.Units}). */
    public final int[] size;
    /**
     * The job's demand on its server's devices (GPUs), a packed {@link org.stowage.core.state.DeviceDemand};
     * {@link org.stowage.core.state.DeviceDemand#NONE} (0) for none. A workload with devices sets it for
     * every job; the others never touch it.
     */
    public int devices;

    public JobSpec(final int dimensions) {
        this.size = new int[dimensions];
    }
}
