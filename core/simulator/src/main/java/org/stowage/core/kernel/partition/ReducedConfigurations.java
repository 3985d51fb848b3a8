package org.stowage.core.kernel.partition;

/**
 * The reduced feasible configuration set K<sub>RED</sub><sup>(J)</sup> of Psychas and Ghaderi 2019
 * (Definition 5, Eq. 7): exactly 4J - 4 configurations over the 2J types of {@link UniversalPartition},
 * each feasible for upper-rounded virtual queues:
 * <pre>
 *   index range        configuration                     m
 *   [0, J)             2^m e_2m                          0..J-1
 *   [J, 2J-1)          3 * 2^(m-1) e_2m+1                1..J-1
 *   [2J-1, 3J-3)       e_1 + floor(2^m / 3) e_2m         2..J-1
 *   [3J-3, 4J-4)       e_1 + 2^(m-1) e_2m+1              1..J-1
 * </pre>
 * Every configuration is "k_1 in {0, 1} plus one other type j != 1 with a count k_j &gt;= 1", so it is stored
 * in three primitive arrays. The index order above is the tie order of {@link #maxWeight}: among
 * configurations of equal weight the lowest index wins.
 *
 * <p>Immutable; {@link #weight} is O(1) and {@link #maxWeight} O(J); nothing allocates except
 * {@link #vector} (tests and display).
 */
public final class ReducedConfigurations {
    private final int levels;
    private final boolean[] withType1;
    private final int[] otherType;
    private final int[] otherCount;

    /** @param levels J, in [{@value UniversalPartition#MIN_LEVELS}, {@value UniversalPartition#MAX_LEVELS}] */
    public ReducedConfigurations(final int levels) {
        if (levels < UniversalPartition.MIN_LEVELS || levels > UniversalPartition.MAX_LEVELS) {
            throw new IllegalArgumentException("partition levels J must be in [" + UniversalPartition.MIN_LEVELS
                + ", " + UniversalPartition.MAX_LEVELS + "]: " + levels);
        }
        this.levels = levels;
        final int size = 4 * levels - 4;
        withType1 = new boolean[size];
        otherType = new int[size];
        otherCount = new int[size];
        int c = 0;
        for (int m = 0; m < levels; m++) {
            c = set(c, false, 2 * m, 1 << m);
        }
        for (int m = 1; m < levels; m++) {
            c = set(c, false, 2 * m + 1, 3 << (m - 1));
        }
        for (int m = 2; m < levels; m++) {
            c = set(c, true, 2 * m, (1 << m) / 3);
        }
        for (int m = 1; m < levels; m++) {
            c = set(c, true, 2 * m + 1, 1 << (m - 1));
        }
        assert c == size;
    }

    private int set(final int c, final boolean type1, final int type, final int count) {
        withType1[c] = type1;
        otherType[c] = type;
        otherCount[c] = count;
        return c + 1;
    }

    /** J. */
    public int levels() {
        return levels;
    }

    /** Number of configurations: 4J - 4. */
    public int size() {
        return withType1.length;
    }

    /** Whether configuration {@code c} holds one job of type 1 (k_1 = 1). */
    public boolean hasType1(final int c) {
        return withType1[c];
    }

    /** The one type other than 1 that configuration {@code c} holds. */
    public int otherType(final int c) {
        return otherType[c];
    }

    /** How many jobs of {@link #otherType} configuration {@code c} holds, at least 1. */
    public int otherCount(final int c) {
        return otherCount[c];
    }

    /**
     * The weight (Eq. 5) of configuration {@code c}: {@code k_1 * Q_1 + k_j * Q_j}, where {@code Q_t} is
     * {@code lengths[offset + t]}. The offset shifts the types for a server whose capacity is a power of 2
     * below the partition's unit (see {@link VirtualQueueScheduling}).
     */
    public long weight(final int c, final int[] lengths, final int offset) {
        final long other = (long) otherCount[c] * lengths[offset + otherType[c]];
        return withType1[c] ? other + lengths[offset + 1] : other;
    }

    /** The configuration of largest {@link #weight} (Eq. 8); ties go to the lowest index. O(J). */
    public int maxWeight(final int[] lengths, final int offset) {
        int best = 0;
        long bestWeight = weight(0, lengths, offset);
        for (int c = 1; c < withType1.length; c++) {
            final long w = weight(c, lengths, offset);
            if (w > bestWeight) {
                best = c;
                bestWeight = w;
            }
        }
        return best;
    }

    /** Configuration {@code c} as a vector of 2J job counts. Allocates. */
    public int[] vector(final int c) {
        final int[] k = new int[2 * levels];
        k[otherType[c]] = otherCount[c];
        if (withType1[c]) {
            k[1] = 1;
        }
        return k;
    }

    /** Configuration {@code c} in the paper's notation, for example {@code e1 + 2 e5}. */
    public String describe(final int c) {
        final String other = (otherCount[c] == 1 ? "" : otherCount[c] + " ") + "e" + otherType[c];
        return withType1[c] ? "e1 + " + other : other;
    }
}
