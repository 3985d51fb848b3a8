package org.stowage.core;

/**
 * Integer fixed-point units for job sizes and server capacities.
 *
 * <p>A resolution of {@code r} means that a real amount {@code x} (capacity 1.0 being one normalised
 * server) is represented by an integer number of units. Sizes are rounded <em>up</em> and capacities
 * <em>down</em>, so a fit computed in units ({@code sum of sizes <= capacity}) is a true fit of the real
 * values, and residual capacities never drift because they are updated by exact integer addition and
 * subtraction.
 *
 * <h2>Resolution and the one exception to the rounding</h2>
 * The default resolution is 10<sup>6</sup> units per 1.0, decimal on purpose: sizes and capacities
 * written in decimal (the papers' 0.4 and 0.6, a trace's 0.0625) with up to six decimals are then exact
 * whole numbers of units, so 0.4 + 0.6 fills a unit server exactly, as it does in the papers. A binary
 * resolution such as 2<sup>20</sup> would round 0.4 and 0.6 up to 419,431 and 629,146 units, which no
 * longer fit together in 1,048,576: a rounding artefact would change which configurations exist.
 *
 * <p>The double nearest a decimal is not the decimal itself, so {@code x * r} can land a hair above or
 * below the whole number it stands for (0.6 * 10<sup>6</sup> is computed from 0.59999999999999997...).
 * A product within a relative 10<sup>-9</sup> of a whole number is therefore taken as that number before
 * rounding. This is the only case where a size may be understated, and by less than 10<sup>-9</sup> of
 * itself; every other size is overstated by less than one unit (10<sup>-6</sup> of a unit server at the
 * default) and every capacity understated by less than one unit. A positive size always takes at least
 * one unit.
 *
 * <p>Every unit count is at most {@link #MAX_UNITS} (2<sup>30</sup> - 1). That bound keeps the
 * multi-resource best-fit score, a sum of at most 8 products of two unit counts, inside a {@code long},
 * and keeps {@code residual + size} inside an {@code int}. A resolution or capacity that would exceed
 * it is rejected with an {@link IllegalArgumentException} naming the value: at the default resolution a
 * capacity may be up to 1073.
 *
 * <p>Immutable and thread-safe.
 */
public final class Units {
    /** Largest unit count any size, capacity or resolution may take. */
    public static final int MAX_UNITS = (1 << 30) - 1;
    /** Default resolution: 10<sup>6</sup> units per unit of capacity. */
    public static final int DEFAULT_RESOLUTION = 1_000_000;
    /** Relative distance to a whole number within which a scaled amount is taken as that number. */
    static final double SNAP_TOLERANCE = 1e-9;
    /** Most resources one simulation may model. */
    public static final int MAX_DIMENSIONS = 8;

    private static final Units DEFAULT = new Units(DEFAULT_RESOLUTION);

    private final int resolution;

    /**
     * @param resolution units per 1.0 of a resource, in [1, {@link #MAX_UNITS}]
     */
    public Units(final int resolution) {
        if (resolution < 1 || resolution > MAX_UNITS) {
            throw new IllegalArgumentException(
                "resolution must be in [1, " + MAX_UNITS + "] units per 1.0: " + resolution);
        }
        this.resolution = resolution;
    }

    /** The default resolution of 10<sup>6</sup> units per 1.0. */
    public static Units defaults() {
        return DEFAULT;
    }

    public int resolution() {
        return resolution;
    }

    /**
     * Converts a real job size to units, rounding up.
     *
     * @throws IllegalArgumentException if the size is negative, not finite, or above the unit range
     */
    public int sizeUnits(final double size) {
        if (!(size >= 0.0) || Double.isInfinite(size)) {
            throw new IllegalArgumentException("job size must be a finite number >= 0: " + size);
        }
        final double scaled = Math.max(Math.ceil(snap(size * resolution)), size > 0 ? 1 : 0);
        if (scaled > MAX_UNITS) {
            throw new IllegalArgumentException("job size " + size + " at resolution " + resolution
                + " exceeds " + MAX_UNITS + " units");
        }
        return (int) scaled;
    }

    /**
     * Converts a real capacity to units, rounding down.
     *
     * @throws IllegalArgumentException if the capacity is not positive, not finite, rounds to zero units,
     *                                  or is above the unit range
     */
    public int capacityUnits(final double capacity) {
        if (!(capacity > 0.0) || Double.isInfinite(capacity)) {
            throw new IllegalArgumentException("server capacity must be a finite number > 0: " + capacity);
        }
        final double scaled = Math.floor(snap(capacity * resolution));
        if (scaled > MAX_UNITS) {
            throw new IllegalArgumentException("server capacity " + capacity + " at resolution " + resolution
                + " exceeds " + MAX_UNITS + " units; use a smaller resolution");
        }
        if (scaled < 1) {
            throw new IllegalArgumentException("server capacity " + capacity + " rounds to 0 units at resolution "
                + resolution);
        }
        return (int) scaled;
    }

    /** {@code product}, or the whole number within a relative {@link #SNAP_TOLERANCE} of it. */
    private static double snap(final double product) {
        final double whole = Math.rint(product);
        return Math.abs(product - whole) <= SNAP_TOLERANCE * Math.max(1.0, Math.abs(product)) ? whole : product;
    }

    /** The real amount that a unit count stands for. */
    public double toReal(final long units) {
        return (double) units / resolution;
    }

    @Override
    public String toString() {
        return "Units[" + resolution + " per 1.0]";
    }
}
