package org.stowage.core.kernel.partition;

/**
 * The universal partition I of Psychas and Ghaderi 2019 (Sec. V-A, Eq. 6), in integer units: the interval
 * (1/2<sup>J</sup>, 1] cut into 2J sub-intervals
 * <pre>
 *   I_2m   = (2/3 * 2^-m, 2^-m],        m = 0..J-1
 *   I_2m+1 = (1/2 * 2^-m, 2/3 * 2^-m],  m = 0..J-1
 * </pre>
 * plus the paper's rule that jobs of size at most 1/2<sup>J</sup> join the last type, 2J - 1. A job of type
 * j waits in virtual queue VQ_j. Types are numbered by decreasing size: every job of type j is larger than
 * every job of type j' &gt; j.
 *
 * <h2>Exactness in units</h2>
 * "1" is {@code capacity} units (the largest server; see {@link VirtualQueueScheduling} for clusters). The
 * cut points 2/3 * 2<sup>-m</sup> are not representable in units, so the type of a size of {@code s} units
 * is defined by exact integer comparisons, never by a rounded threshold:
 * <pre>
 *   m = the largest m with s * 2^m &lt;= C           (so s * 2^(m+1) &gt; C)
 *   m &gt;= J                    -&gt; type 2J - 1      (s &lt;= C / 2^J, the catch-all)
 *   3 * s * 2^m &gt; 2 * C       -&gt; type 2m          (s &gt; 2/3 * 2^-m)
 *   otherwise                 -&gt; type 2m + 1
 * </pre>
 * A size of 0 units is in the catch-all. Equivalently, type t holds exactly the unit sizes in
 * ({@link #lowerExclusive}(t), {@link #upper}(t)], where {@code upper(2m) = floor(C / 2^m)} and
 * {@code upper(2m+1) = floor(2C / (3 * 2^m))}: for an integer s, {@code s > floor(x)} iff {@code s > x}.
 * Since the simulator rounds real sizes up to units, the type is that of the rounded-up size.
 *
 * <p>Immutable; {@link #typeOf} is O(1) (one division and a leading-zero count) and allocation-free.
 */
public final class UniversalPartition {
    /** Smallest J the paper allows (J &gt; 1). */
    public static final int MIN_LEVELS = 2;
    /**
     * Largest J accepted: unit counts are below 2<sup>30</sup>, so deeper intervals are empty at any
     * resolution, and {@code 3 * s * 2^m} stays inside a {@code long}.
     */
    public static final int MAX_LEVELS = 30;

    private final int levels;
    private final int capacity;
    private final int[] upper;

    /**
     * @param levels        J, in [{@value #MIN_LEVELS}, {@value #MAX_LEVELS}]
     * @param capacityUnits the units that stand for size 1, at least 1
     */
    public UniversalPartition(final int levels, final int capacityUnits) {
        if (levels < MIN_LEVELS || levels > MAX_LEVELS) {
            throw new IllegalArgumentException("partition levels J must be in [" + MIN_LEVELS + ", " + MAX_LEVELS
                + "]: " + levels);
        }
        if (capacityUnits < 1) {
            throw new IllegalArgumentException("partition capacity must be >= 1 unit: " + capacityUnits);
        }
        this.levels = levels;
        this.capacity = capacityUnits;
        upper = new int[2 * levels];
        for (int m = 0; m < levels; m++) {
            upper[2 * m] = (int) ((long) capacityUnits >> m);
            upper[2 * m + 1] = (int) (2L * capacityUnits / (3L << m));
        }
    }

    /** J. */
    public int levels() {
        return levels;
    }

    /** Number of types (virtual queues): 2J. */
    public int types() {
        return 2 * levels;
    }

    /** Units that stand for size 1. */
    public int capacity() {
        return capacity;
    }

    /**
     * The type of a size of {@code units} units, in [0, 2J).
     *
     * @throws IllegalArgumentException if {@code units} is negative or above the capacity
     */
    public int typeOf(final int units) {
        if (units < 0 || units > capacity) {
            throw new IllegalArgumentException("size " + units + " units is outside [0, " + capacity
                + "], the range of this partition");
        }
        if (units == 0) {
            return 2 * levels - 1;
        }
        // floor(log2(floor(C / s))) is the largest m with s * 2^m <= C
        final int m = 31 - Integer.numberOfLeadingZeros(capacity / units);
        if (m >= levels) {
            return 2 * levels - 1;
        }
        final int type = 3L * units << m > 2L * capacity ? 2 * m : 2 * m + 1;
        assert units <= upper[type] && units > lowerExclusive(type) : units + " units, type " + type;
        return type;
    }

    /** Largest unit size of type {@code type}: {@code floor(sup I_type * C)}. */
    public int upper(final int type) {
        return upper[type];
    }

    /**
     * Sizes of type {@code type} are strictly above this many units; -1 for the catch-all type 2J - 1, which
     * also holds size 0. A type whose bounds are equal holds no unit size at this resolution.
     */
    public int lowerExclusive(final int type) {
        return type == 2 * levels - 1 ? -1 : upper[type + 1];
    }

    @Override
    public String toString() {
        return "UniversalPartition[J=" + levels + ", capacity " + capacity + " units]";
    }
}
