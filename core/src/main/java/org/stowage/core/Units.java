package org.stowage.core;

/**
 * Integer fixed-point units for job sizes and server capacities.
 *
 * <p>A resolution of {@code r} means that a real amount {@code x} (capacity 1.0 being one normalised
 * server) is represented by an integer number of units. Sizes are rounded <em>up</em> and capacities
 * <em>down</em>, so a fit computed in units ({@code sum of sizes <= capacity}) is always a true fit of
 * the real values, and residual capacities never drift because they are updated by exact integer
 * addition and subtraction.
 *
 * <p>With a power-of-two resolution (the default is 2<sup>20</sup>) the scaling {@code x * r} is exact in
 * {@code double}, so the only rounding is the documented ceiling or floor: a size is overstated by less
 * than one unit (under 10<sup>-6</sup> of a unit server at the default) and a capacity understated by
 * less than one unit. With another resolution the product may carry one ulp of error, which can only
 * move the result by one further unit in the conservative direction.
 *
 * <p>Every unit count is at most {@link #MAX_UNITS} (2<sup>30</sup> - 1). That bound keeps the
 * multi-resource best-fit score, a sum of at most 8 products of two unit counts, inside a {@code long},
 * and keeps {@code residual + size} inside an {@code int}. A resolution or capacity that would exceed
 * it is rejected with an {@link IllegalArgumentException} naming the value.
 *
 * <p>Immutable and thread-safe.
 */
public final class Units {
    /** Largest unit count any size, capacity or resolution may take. */
    public static final int MAX_UNITS = (1 << 30) - 1;
    /** Default resolution: 2<sup>20</sup> units per unit of capacity. */
    public static final int DEFAULT_RESOLUTION = 1 << 20;
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

    /** The default resolution of 2<sup>20</sup> units per 1.0. */
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
        final double scaled = Math.ceil(size * resolution);
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
        final double scaled = Math.floor(capacity * resolution);
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

    /** The real amount that a unit count stands for. */
    public double toReal(final long units) {
        return (double) units / resolution;
    }

    @Override
    public String toString() {
        return "Units[" + resolution + " per 1.0]";
    }
}
