package org.stowage.core.engine;

import org.stowage.core.Units;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * The checks of what a simulation's caller hands it: the workload, the model and the devices against the
 * cluster (once, at build), and each workload job at its arrival, before it enters the job table. A failure
 * is an {@link IllegalArgumentException} naming what is wrong: for a job, its index in the workload (from
 * 1), the field and the value.
 *
 * <p>{@link #check(JobSpec, long, double)} is O(d) for d resources and allocates nothing unless it throws.
 */
final class InputChecks {
    private final TimeMode timeMode;
    /** Null when service times do not depend on the server. */
    private final ProcessingRates rates;
    private final DeviceTable devices;

    InputChecks(final TimeMode timeMode, final ProcessingRates rates, final DeviceTable devices) {
        this.timeMode = timeMode;
        this.rates = rates;
        this.devices = devices;
    }

    /** The workload's jobs must have the servers' resources. */
    static void checkWorkload(final Workload workload, final ServerTable servers) {
        if (workload.dimensions() != servers.dimensions()) {
            throw new IllegalArgumentException("workload has " + workload.dimensions()
                + " resources but the servers have " + servers.dimensions());
        }
    }

    /** The device table must have the cluster's servers. */
    static void checkDevices(final DeviceTable devices, final ServerTable servers) {
        if (devices.servers() != servers.count()) {
            throw new IllegalArgumentException("the device table has " + devices.servers()
                + " servers but the cluster has " + servers.count());
        }
    }

    /** The error of workload job {@code index} arriving at {@code arrivalTime}, before {@code now}. */
    static IllegalArgumentException backwards(final long index, final double arrivalTime, final double now) {
        return new IllegalArgumentException("workload arrival times go backwards: job " + index
            + " arrives at " + arrivalTime + " after time " + now);
    }

    /** The model must describe this cluster: the same servers in the same classes. */
    static void checkModel(final Model model, final ServerTable servers) {
        final ServerClasses classes = model.serverClasses();
        if (classes.servers() != servers.count() || classes.dimensions() != servers.dimensions()) {
            throw new IllegalArgumentException("the model describes " + classes.servers() + " servers with "
                + classes.dimensions() + " resources but the cluster has " + servers.count() + " with "
                + servers.dimensions());
        }
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < servers.dimensions(); d++) {
                if (classes.capacity(classes.classOf(s), d) != servers.capacity(s, d)) {
                    throw new IllegalArgumentException("the model puts server " + s + " in a class of capacity "
                        + classes.capacity(classes.classOf(s), d) + " on resource " + d + " but it has "
                        + servers.capacity(s, d) + " units");
                }
            }
        }
    }

    /** Workload job number {@code index} (from 1), announced for {@code expectedTime}, or the reason it is bad. */
    void check(final JobSpec job, final long index, final double expectedTime) {
        if (job.arrivalTime != expectedTime) {
            throw new IllegalArgumentException("workload job " + index + ": arrivalTime " + job.arrivalTime
                + " differs from its announced time " + expectedTime);
        }
        final double service = job.serviceTime;
        if (!(service > 0) || Double.isInfinite(service)) {
            throw new IllegalArgumentException("workload job " + index + ": serviceTime must be finite and > 0: "
                + service);
        }
        if (timeMode == TimeMode.SLOTTED) {
            if (job.arrivalTime != Math.rint(job.arrivalTime)) {
                throw new IllegalArgumentException("workload job " + index
                    + ": arrivalTime must be a whole slot in slotted mode: " + job.arrivalTime);
            }
            if (service != Math.rint(service)) {
                throw new IllegalArgumentException("workload job " + index
                    + ": serviceTime must be whole slots in slotted mode: " + service);
            }
        }
        if (job.jobClass < 0 || job.jobClass > JobTable.MAX_CLASS) {
            throw new IllegalArgumentException("workload job " + index + ": jobClass must be in [0, "
                + JobTable.MAX_CLASS + "]: " + job.jobClass);
        }
        if (rates != null && job.jobClass >= rates.jobClasses()) {
            throw new IllegalArgumentException("workload job " + index + ": jobClass " + job.jobClass
                + " has no processing rate (the model's rates cover classes 0 to " + (rates.jobClasses() - 1) + ")");
        }
        final double predicted = job.predictedServiceTime;
        if (predicted == predicted && !(predicted >= 0 && predicted < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("workload job " + index
                + ": predictedServiceTime must be finite and >= 0, or NaN for none: " + predicted);
        }
        for (int d = 0; d < job.size.length; d++) {
            if (job.size[d] < 0 || job.size[d] > Units.MAX_UNITS) {
                throw new IllegalArgumentException("workload job " + index + ": size on resource " + d
                    + " must be in [0, " + Units.MAX_UNITS + "] units: " + job.size[d]);
            }
        }
        if (job.devices != DeviceDemand.NONE && !devices.bound()) {
            throw new IllegalArgumentException("workload job " + index + " asks for devices ("
                + DeviceDemand.describe(job.devices) + ") but the cluster has no device table");
        }
    }
}
