package org.stowage.core.metrics;

/**
 * A time series of a piecewise-constant quantity (such as the queue length), kept as exact time averages
 * over consecutive buckets of equal width that start at a given origin, in bounded memory.
 *
 * <p>Buckets start {@code width} wide. When all {@code capacity} buckets are full, adjacent pairs merge
 * (their averages are exact, so the merged average is exact too) and the width doubles; the series thus
 * always covers the whole run with between {@code capacity / 2} and {@code capacity} complete buckets,
 * whatever its length. With a power-of-two multiple of an integer start width, bucket boundaries are
 * exact in {@code double}.
 *
 * <p>{@link #add} costs O(1) plus one step per bucket boundary crossed; a gap that crosses many buckets
 * costs at most O(capacity) per doubling of the width. Nothing allocates after construction. Not
 * thread-safe.
 */
public final class BucketSeries {
    private final double origin;
    private final double[] integrals;
    private double width;
    private int complete;
    private double openIntegral;
    private double position;

    /**
     * @param origin   start of the first bucket
     * @param width    initial bucket width (&gt; 0)
     * @param capacity most buckets kept, even and &gt;= 2
     */
    public BucketSeries(final double origin, final double width, final int capacity) {
        if (!(width > 0) || Double.isInfinite(width)) {
            throw new IllegalArgumentException("series bucket width must be finite and > 0: " + width);
        }
        if (capacity < 2 || capacity % 2 != 0) {
            throw new IllegalArgumentException("series capacity must be even and >= 2: " + capacity);
        }
        this.origin = origin;
        this.width = width;
        this.integrals = new double[capacity];
        this.position = origin;
    }

    /**
     * Records that the quantity had {@code value} from the current position up to {@code until}. Calls
     * must be contiguous: each starts where the previous one ended (the first at the origin).
     */
    public void add(final double value, final double until) {
        assert until >= position : until + " < " + position;
        double t = position;
        while (t < until) {
            final double bucketEnd = origin + (complete + 1) * width;
            if (until < bucketEnd) {
                openIntegral += value * (until - t);
                t = until;
            } else {
                openIntegral += value * (bucketEnd - t);
                t = bucketEnd;
                closeBucket();
            }
        }
        position = until;
    }

    private void closeBucket() {
        integrals[complete++] = openIntegral;
        openIntegral = 0;
        if (complete == integrals.length) {
            final int half = complete / 2;
            for (int i = 0; i < half; i++) {
                integrals[i] = integrals[2 * i] + integrals[2 * i + 1];
            }
            complete = half;
            width *= 2;
        }
    }

    /** Complete buckets. */
    public int size() {
        return complete;
    }

    /** Current bucket width. */
    public double width() {
        return width;
    }

    public double origin() {
        return origin;
    }

    /** Start time of bucket {@code i}. */
    public double start(final int i) {
        return origin + i * width;
    }

    /** Time average of the quantity over bucket {@code i}. */
    public double mean(final int i) {
        assert i >= 0 && i < complete : i;
        return integrals[i] / width;
    }

    /** Time up to which the series has been fed. */
    public double position() {
        return position;
    }
}
