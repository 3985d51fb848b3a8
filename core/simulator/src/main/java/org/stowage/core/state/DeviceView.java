package org.stowage.core.state;

/**
 * What a kernel may read about the devices (GPUs) of the servers and the device demands of jobs: a
 * read-only view of the {@link DeviceTable}. Taking and releasing devices are the engine's; a kernel names
 * the devices of a placement through {@link org.stowage.core.engine.SchedulerContext#place(int, int, int)}.
 * Devices of a server are numbered 0 .. {@link #deviceCount}{@code - 1}; a set of them is an {@code int}
 * bit mask. Every method is O(1) unless it says otherwise, and none allocates.
 */
public sealed interface DeviceView permits DeviceTable, ReadOnlyDevices {
    /** Servers (as many as the {@link ServerView}'s). */
    int servers();

    /** Units of one device (1000 for GPUs in milli-GPU). */
    int unitsPerDevice();

    /** Devices of {@code server}, 0 .. {@link DeviceTable#MAX_DEVICES_PER_SERVER}. */
    int deviceCount(int server);

    /** The model id of {@code server}'s devices, or {@link DeviceTable#NO_MODEL} when it has none. */
    int model(int server);

    /** Model ids are 0 .. modelCount() - 1. */
    int modelCount();

    /** The name of model {@code id}. */
    String modelName(int id);

    /** Free units of device {@code device} of {@code server}. */
    int residual(int server, int device);

    /** Free units summed over {@code server}'s devices. */
    int totalResidual(int server);

    /** Devices of {@code server} entirely free. */
    int freeDevices(int server);

    /** The packed {@link DeviceDemand} of {@code job} ({@link DeviceDemand#NONE} when it asks for none). */
    int demand(int job);

    /** The devices {@code job} holds while it runs (a mask over its server's devices); 0 otherwise. */
    int taken(int job);

    /**
     * Whether {@code server} can serve the device part of {@code demand} now: its model is allowed and at
     * least {@code count} of its devices each have {@code units} free. True for {@link DeviceDemand#NONE}.
     * O(devices of the server).
     */
    boolean fits(int demand, int server);

    /**
     * The lowest-index devices of {@code server} that serve {@code demand} (the first {@code count} with
     * {@code units} free), as a mask; 0 when they are too few or the model is not allowed, and for
     * {@link DeviceDemand#NONE}. The artifact's choice of whole GPUs. O(devices of the server).
     */
    int lowestFitting(int demand, int server);

    /** Whether any server has devices. */
    boolean hasDevices();
}
