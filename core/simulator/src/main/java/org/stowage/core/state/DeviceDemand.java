package org.stowage.core.state;

/**
 * A job's demand on the devices of a server (GPUs), packed in one {@code int} so that it travels in a
 * {@link org.stowage.core.engine.JobSpec} and a job-table column without an object.
 *
 * <p>A demand is {@code count} devices of one server, each with at least {@code units} free, of a model in
 * {@code models} (a bit set over the {@link DeviceTable}'s model ids). It covers the two shapes of the
 * Alibaba openb trace (Weng et al., ATC'23): a fraction of one GPU ({@code count} 1, {@code units} below a
 * device's capacity: the job lands on one GPU with that much free) and {@code count} whole GPUs
 * ({@code units} equal to the capacity: each device entirely free). {@link #NONE} (0) asks for no device.
 *
 * <pre>
 *   bits  0-4   count    0 .. {@value DeviceTable#MAX_DEVICES_PER_SERVER}
 *   bits  5-15  units    1 .. 2047 per device
 *   bits 16-31  models   a bit per model id; {@link #ANY_MODEL} for every model
 * </pre>
 * Stateless; every method is O(1).
 */
public final class DeviceDemand {
    /** No device. */
    public static final int NONE = 0;
    /** Every model (the 16 model bits set). */
    public static final int ANY_MODEL = 0xFFFF;
    /** Largest units per device a demand can name. */
    public static final int MAX_UNITS = (1 << 11) - 1;

    private DeviceDemand() {
    }

    /**
     * The demand of {@code count} devices with {@code units} free each, of a model in {@code models}.
     *
     * @throws IllegalArgumentException when a field is out of range (count 0 gives {@link #NONE} whatever
     *                                  the rest)
     */
    public static int of(final int count, final int units, final int models) {
        if (count == 0) {
            return NONE;
        }
        if (count < 0 || count > DeviceTable.MAX_DEVICES_PER_SERVER) {
            throw new IllegalArgumentException("device count must be in [0, " + DeviceTable.MAX_DEVICES_PER_SERVER
                + "]: " + count);
        }
        if (units < 1 || units > MAX_UNITS) {
            throw new IllegalArgumentException("units per device must be in [1, " + MAX_UNITS + "]: " + units);
        }
        if ((models & ~ANY_MODEL) != 0) {
            throw new IllegalArgumentException("model set must be a 16-bit mask: " + Integer.toHexString(models));
        }
        return count | units << 5 | models << 16;
    }

    /** Devices asked for; 0 for {@link #NONE}. */
    public static int count(final int demand) {
        return demand & 0x1F;
    }

    /** Free units each device must have; 0 for {@link #NONE}. */
    public static int units(final int demand) {
        return (demand >>> 5) & MAX_UNITS;
    }

    /** The allowed models, a bit per model id; 0 for {@link #NONE} (and for a demand no model can meet). */
    public static int models(final int demand) {
        return demand >>> 16;
    }

    /** Whether a server of model {@code model} (an id, or {@link DeviceTable#NO_MODEL}) may serve the demand. */
    public static boolean allows(final int demand, final int model) {
        return model >= 0 && (models(demand) >>> model & 1) != 0;
    }

    /** Total device units the demand takes: count x units. */
    public static int totalUnits(final int demand) {
        return count(demand) * units(demand);
    }

    /** A readable form, for messages: {@code "2 x 1000 units, models 0x3"}. */
    public static String describe(final int demand) {
        if (demand == NONE) {
            return "no device";
        }
        return count(demand) + " x " + units(demand) + " units, models "
            + (models(demand) == ANY_MODEL ? "any" : "0x" + Integer.toHexString(models(demand)));
    }
}
