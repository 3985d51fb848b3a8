package org.stowage.core.state;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The devices (GPUs) of the servers of one simulation, beside the {@link ServerTable}: each server has 0 to
 * {@value #MAX_DEVICES_PER_SERVER} devices of one model, each device {@link #unitsPerDevice()} units (1000
 * milli-GPU) with a residual of its own, so that a job can take a fraction of one device or several whole
 * ones (Weng et al., ATC'23). The vector resources of a server (CPU, memory) stay in the server table; a
 * placement takes both, and names the devices it takes.
 *
 * <p>A job's demand ({@link DeviceDemand}, one packed {@code int}) and the devices it holds (a mask over its
 * server's devices) live in two {@code int} columns of the {@link JobTable}, added when the engine
 * {@linkplain #bind binds} this table to its jobs, so a simulation without devices pays nothing per job.
 *
 * <h2>Memory and time</h2>
 * Per server: the offset of its devices, its model, its free units and its count of entirely free devices
 * (four ints); per device one int (its residual); per job two ints (demand, devices held) once bound: 8
 * bytes beside the job table's own record. Taking or releasing the G devices of a server is O(G) (G &lt;=
 * 16) and keeps the per-server sums and the cluster's allocated units exact (integer units, no drift);
 * every query is O(1) but {@link #fits} and {@link #lowestFitting}, O(G). Nothing allocates after
 * construction except {@link #bind} (the two columns, grown with the job table). Not thread-safe.
 */
public final class DeviceTable implements DeviceView {
    /** Most devices a server can have (device sets are 16-bit masks). */
    public static final int MAX_DEVICES_PER_SERVER = 16;
    /** Most distinct device models (model sets are 16-bit masks). */
    public static final int MAX_MODELS = 16;
    /** The model of a server without devices. */
    public static final int NO_MODEL = -1;

    private final int servers;
    private final int unitsPerDevice;
    /** Devices of server s are first[s] .. first[s + 1) - 1. */
    private final int[] first;
    private final int[] model;
    private final int[] residual;
    private final int[] totalResidual;
    private final int[] freeDevices;
    private final String[] modelNames;
    private final long totalUnits;
    private long allocatedUnits;

    private JobTable jobs;
    private int demandColumn = -1;
    private int takenColumn = -1;

    /**
     * @param unitsPerDevice units of every device, in [1, {@link DeviceDemand#MAX_UNITS}]
     * @param deviceCounts   devices per server, each in [0, {@value #MAX_DEVICES_PER_SERVER}]
     * @param models         the model id of each server's devices ({@link #NO_MODEL} exactly when it has none)
     * @param modelNames     the models' names, by id; at most {@value #MAX_MODELS}, distinct
     */
    public DeviceTable(final int unitsPerDevice, final int[] deviceCounts, final int[] models,
                       final List<String> modelNames) {
        if (unitsPerDevice < 1 || unitsPerDevice > DeviceDemand.MAX_UNITS) {
            throw new IllegalArgumentException("units per device must be in [1, " + DeviceDemand.MAX_UNITS + "]: "
                + unitsPerDevice);
        }
        if (deviceCounts.length == 0 || deviceCounts.length != models.length) {
            throw new IllegalArgumentException("one device count and one model per server, and at least one server: "
                + deviceCounts.length + " counts, " + models.length + " models");
        }
        if (modelNames.size() > MAX_MODELS) {
            throw new IllegalArgumentException("at most " + MAX_MODELS + " device models: " + modelNames.size());
        }
        if (Set.copyOf(modelNames).size() < modelNames.size()) {
            throw new IllegalArgumentException("device model names must be distinct: " + modelNames);
        }
        this.servers = deviceCounts.length;
        this.unitsPerDevice = unitsPerDevice;
        this.modelNames = modelNames.toArray(new String[0]);
        this.first = new int[servers + 1];
        this.model = models.clone();
        for (int s = 0; s < servers; s++) {
            final int count = deviceCounts[s];
            if (count < 0 || count > MAX_DEVICES_PER_SERVER) {
                throw new IllegalArgumentException("server " + s + " has " + count + " devices; must be in [0, "
                    + MAX_DEVICES_PER_SERVER + "]");
            }
            if ((count == 0) != (models[s] == NO_MODEL) || models[s] < NO_MODEL || models[s] >= modelNames.size()) {
                throw new IllegalArgumentException("server " + s + " with " + count + " devices has model " + models[s]
                    + "; a server has a model in [0, " + modelNames.size() + ") exactly when it has devices");
            }
            first[s + 1] = first[s] + count;
        }
        this.residual = new int[first[servers]];
        Arrays.fill(residual, unitsPerDevice);
        this.totalResidual = new int[servers];
        this.freeDevices = new int[servers];
        for (int s = 0; s < servers; s++) {
            freeDevices[s] = deviceCounts[s];
            totalResidual[s] = deviceCounts[s] * unitsPerDevice;
        }
        this.totalUnits = (long) first[servers] * unitsPerDevice;
    }

    /** {@code servers} servers without devices: the table of a simulation whose cluster has none. */
    public static DeviceTable none(final int servers) {
        final int[] counts = new int[servers];
        final int[] models = new int[servers];
        Arrays.fill(models, NO_MODEL);
        return new DeviceTable(1, counts, models, List.of());
    }

    /**
     * Adds the demand and held-devices columns to {@code jobTable}; the engine calls it once, when the
     * simulation is built. Until then every job's demand reads {@link DeviceDemand#NONE}.
     */
    public void bind(final JobTable jobTable) {
        if (jobs != null) {
            throw new IllegalStateException("a device table serves one simulation; this one is bound already");
        }
        jobs = jobTable;
        demandColumn = jobTable.addIntColumn(DeviceDemand.NONE);
        takenColumn = jobTable.addIntColumn(0);
    }

    /** Whether {@link #bind} was called. */
    public boolean bound() {
        return jobs != null;
    }

    /** Records {@code job}'s demand (engine use, at arrival). */
    public void setDemand(final int job, final int demand) {
        jobs.setIntColumn(demandColumn, job, demand);
    }

    /**
     * Whether {@code demand} can take exactly the devices {@code mask} of {@code server}: as many as it
     * asks for, each existing and with its units free, the server's model allowed. O(G).
     */
    public boolean canTake(final int demand, final int server, final int mask) {
        final int count = DeviceDemand.count(demand);
        if (Integer.bitCount(mask) != count || (mask >>> deviceCount(server)) != 0) {
            return false;
        }
        if (count == 0) {
            return true;
        }
        if (!DeviceDemand.allows(demand, model[server])) {
            return false;
        }
        final int units = DeviceDemand.units(demand);
        final int base = first[server];
        for (int m = mask; m != 0; m &= m - 1) {
            if (residual[base + Integer.numberOfTrailingZeros(m)] < units) {
                return false;
            }
        }
        return true;
    }

    /** Takes devices {@code mask} of {@code server} for running {@code job} (engine use; {@link #canTake} holds). */
    public void take(final int job, final int server, final int mask) {
        final int demand = demand(job);
        assert canTake(demand, server, mask) : "job " + job + " cannot take devices " + mask + " of " + server;
        final int units = DeviceDemand.units(demand);
        final int base = first[server];
        for (int m = mask; m != 0; m &= m - 1) {
            final int device = base + Integer.numberOfTrailingZeros(m);
            if (residual[device] == unitsPerDevice) {
                freeDevices[server]--;
            }
            residual[device] -= units;
        }
        final int taken = units * Integer.bitCount(mask);
        totalResidual[server] -= taken;
        allocatedUnits += taken;
        jobs.setIntColumn(takenColumn, job, mask);
    }

    /** Gives back the devices {@code job} holds on {@code server} (engine use, at its departure). */
    public void release(final int job, final int server) {
        final int mask = jobs.intColumn(takenColumn, job);
        if (mask == 0) {
            return;
        }
        final int units = DeviceDemand.units(demand(job));
        final int base = first[server];
        for (int m = mask; m != 0; m &= m - 1) {
            final int device = base + Integer.numberOfTrailingZeros(m);
            residual[device] += units;
            assert residual[device] <= unitsPerDevice : "device " + device + " of server " + server + " over capacity";
            if (residual[device] == unitsPerDevice) {
                freeDevices[server]++;
            }
        }
        final int freed = units * Integer.bitCount(mask);
        totalResidual[server] += freed;
        allocatedUnits -= freed;
        jobs.setIntColumn(takenColumn, job, 0);
    }

    @Override
    public int servers() {
        return servers;
    }

    @Override
    public int unitsPerDevice() {
        return unitsPerDevice;
    }

    @Override
    public int deviceCount(final int server) {
        return first[server + 1] - first[server];
    }

    @Override
    public int model(final int server) {
        return model[server];
    }

    @Override
    public int modelCount() {
        return modelNames.length;
    }

    @Override
    public String modelName(final int id) {
        return modelNames[id];
    }

    /** The id of the model named {@code name}, or {@link #NO_MODEL}. O(models). */
    public int modelId(final String name) {
        for (int i = 0; i < modelNames.length; i++) {
            if (modelNames[i].equals(name)) {
                return i;
            }
        }
        return NO_MODEL;
    }

    @Override
    public int residual(final int server, final int device) {
        assert device >= 0 && device < deviceCount(server) : "server " + server + " has no device " + device;
        return residual[first[server] + device];
    }

    @Override
    public int totalResidual(final int server) {
        return totalResidual[server];
    }

    @Override
    public int freeDevices(final int server) {
        return freeDevices[server];
    }

    @Override
    public int demand(final int job) {
        return jobs == null ? DeviceDemand.NONE : jobs.intColumn(demandColumn, job);
    }

    @Override
    public int taken(final int job) {
        return jobs == null ? 0 : jobs.intColumn(takenColumn, job);
    }

    @Override
    public boolean fits(final int demand, final int server) {
        final int count = DeviceDemand.count(demand);
        if (count == 0) {
            return true;
        }
        if (count > deviceCount(server) || !DeviceDemand.allows(demand, model[server])) {
            return false;
        }
        final int units = DeviceDemand.units(demand);
        if (units == unitsPerDevice) {
            return freeDevices[server] >= count;
        }
        int found = 0;
        for (int d = first[server], end = first[server + 1]; d < end; d++) {
            if (residual[d] >= units && ++found == count) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int lowestFitting(final int demand, final int server) {
        final int count = DeviceDemand.count(demand);
        if (count == 0 || count > deviceCount(server) || !DeviceDemand.allows(demand, model[server])) {
            return 0;
        }
        final int units = DeviceDemand.units(demand);
        final int base = first[server];
        int mask = 0;
        int found = 0;
        for (int d = base, end = first[server + 1]; d < end && found < count; d++) {
            if (residual[d] >= units) {
                mask |= 1 << (d - base);
                found++;
            }
        }
        return found == count ? mask : 0;
    }

    @Override
    public boolean hasDevices() {
        return first[servers] > 0;
    }

    /** Devices of every server together. */
    public int totalDevices() {
        return first[servers];
    }

    /** Units of every device together: devices x units per device. */
    public long totalUnits() {
        return totalUnits;
    }

    /** Units held by running jobs, cluster-wide: O(1), kept exact by every take and release. */
    public long allocatedUnits() {
        return allocatedUnits;
    }

    /** The view kernels get: the one ReadOnlyDevices of this table, made at the first call. */
    private ReadOnlyDevices readOnly;

    /**
     * The read-only view of this table that kernels are handed: it forwards every read and cannot be cast back
     * to the table. The same object on every call; made once, at the first.
     */
    public DeviceView readOnly() {
        if (readOnly == null) {
            readOnly = new ReadOnlyDevices(this);
        }
        return readOnly;
    }
}
