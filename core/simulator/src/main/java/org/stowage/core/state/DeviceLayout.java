package org.stowage.core.state;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The devices (GPUs) of a cluster, as a value: units per device, devices and model per server, model names.
 * A run description carries it (in its {@link org.stowage.core.model.Model}, as a plan of this class:
 * {@code model.withPlan(layout)}), and each simulation makes its own {@link DeviceTable} from it
 * ({@link #table()}), since a table is bound to one simulation's jobs. Immutable.
 *
 * @param unitsPerDevice units of every device
 * @param deviceCounts   devices per server
 * @param models         model id per server ({@link DeviceTable#NO_MODEL} when it has none)
 * @param modelNames     the models' names, by id
 */
public record DeviceLayout(int unitsPerDevice, int[] deviceCounts, int[] models, List<String> modelNames) {
    public DeviceLayout {
        deviceCounts = deviceCounts.clone();
        models = models.clone();
        modelNames = List.copyOf(modelNames);
        table(unitsPerDevice, deviceCounts, models, modelNames); // checks every field now
    }

    private static DeviceTable table(final int units, final int[] counts, final int[] models, final List<String> names) {
        return new DeviceTable(units, counts, models, names);
    }

    /** A fresh, unbound table of these devices. O(servers + devices). */
    public DeviceTable table() {
        return table(unitsPerDevice, deviceCounts, models, modelNames);
    }

    /** Servers described. */
    public int servers() {
        return deviceCounts.length;
    }

    @Override
    public int[] deviceCounts() {
        return deviceCounts.clone();
    }

    @Override
    public int[] models() {
        return models.clone();
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof DeviceLayout that && unitsPerDevice == that.unitsPerDevice
            && Arrays.equals(deviceCounts, that.deviceCounts) && Arrays.equals(models, that.models)
            && modelNames.equals(that.modelNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(unitsPerDevice, Arrays.hashCode(deviceCounts), Arrays.hashCode(models), modelNames);
    }

    @Override
    public String toString() {
        return "DeviceLayout[" + Arrays.stream(deviceCounts).sum() + " devices of " + unitsPerDevice + " units on "
            + deviceCounts.length + " servers, models " + modelNames + "]";
    }
}
