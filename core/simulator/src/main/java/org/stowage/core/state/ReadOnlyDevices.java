package org.stowage.core.state;

/**
 * The {@link DeviceView} a kernel is handed: every query of the {@link DeviceTable}, forwarded, and nothing
 * else, so a kernel cannot cast it to the table and take or release devices behind the engine's back. One per
 * table ({@link DeviceTable#readOnly()}); each call is the table's plus one field read, allocation-free.
 */
final class ReadOnlyDevices implements DeviceView {
    private final DeviceTable table;

    ReadOnlyDevices(final DeviceTable table) {
        this.table = table;
    }

    @Override
    public int servers() {
        return table.servers();
    }

    @Override
    public int unitsPerDevice() {
        return table.unitsPerDevice();
    }

    @Override
    public int deviceCount(final int server) {
        return table.deviceCount(server);
    }

    @Override
    public int model(final int server) {
        return table.model(server);
    }

    @Override
    public int modelCount() {
        return table.modelCount();
    }

    @Override
    public String modelName(final int id) {
        return table.modelName(id);
    }

    @Override
    public int residual(final int server, final int device) {
        return table.residual(server, device);
    }

    @Override
    public int totalResidual(final int server) {
        return table.totalResidual(server);
    }

    @Override
    public int freeDevices(final int server) {
        return table.freeDevices(server);
    }

    @Override
    public int demand(final int job) {
        return table.demand(job);
    }

    @Override
    public int taken(final int job) {
        return table.taken(job);
    }

    @Override
    public boolean fits(final int demand, final int server) {
        return table.fits(demand, server);
    }

    @Override
    public int lowestFitting(final int demand, final int server) {
        return table.lowestFitting(demand, server);
    }

    @Override
    public boolean hasDevices() {
        return table.hasDevices();
    }
}
