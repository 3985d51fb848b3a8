package org.stowage.core.gpu;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * What one experiment of the FGD evaluation measures, at each percent of arrived workload: the GPU
 * allocation ratio (Fig. 9a), the fragmentation amount as a share of the cluster's GPUs (Fig. 7) and the
 * fragmentation ratio (Fig. 7), the way the artifact's {@code experiments/analysis/merge_*_discrete.py} turn
 * its per-pod log into columns 0 to 130.
 *
 * <h2>The artifact's procedure</h2>
 * One row before the first pod and one after each: the GPU milli of the pods arrived so far (the failed
 * ones too), the GPU milli allocated, the fragmentation in milli-GPU and its ratio to the idle milli, the
 * last two printed with two decimals. A row's arrived percent is {@code round(arrived / GPUs / 10)} (Python's
 * {@code round}, half to even); its allocation {@code round(allocated / GPUs / 10, 2)}. Column a is the mean
 * over the rows of arrived percent a, or, when there are none, over those within a - 1 and a + 1, or empty
 * (NaN): the allocation mean rounded to two decimals; the fragmentation amount
 * {@code round(100 * mean(fragment milli) / 1000 / GPUs, 2)}; the ratio the plain mean.
 * Python's {@code round} of a double is the exact value rounded half to even ({@link #round}). Immutable.
 */
public final class ArrivalCurves {
    /** Columns 0 .. 130 percent: the paper's tuning ratio 1.3. */
    public static final int COLUMNS = 131;

    private final int gpus;
    private final long[] arrived;
    private final long[] allocated;
    private final double[] fragment;
    private final double[] ratio;
    private final double[] allocation;
    private final double[] fragmentAmount;
    private final double[] fragmentRatio;

    /**
     * @param gpus      the cluster's GPUs
     * @param arrived   per row, GPU milli of the pods arrived
     * @param allocated per row, GPU milli allocated
     * @param fragment  per row, fragmentation in milli-GPU (exact; rounded to two decimals here, as logged)
     * @param ratio     per row, fragmentation over idle milli, percent (exact; rounded here)
     */
    public ArrivalCurves(final int gpus, final long[] arrived, final long[] allocated, final double[] fragment,
                         final double[] ratio) {
        this.gpus = gpus;
        this.arrived = arrived.clone();
        this.allocated = allocated.clone();
        this.fragment = fragment.clone();
        this.ratio = ratio.clone();
        final int rows = arrived.length;
        int highest = 0;
        final int[] arrivedPercent = new int[rows];
        for (int r = 0; r < rows; r++) {
            arrivedPercent[r] = (int) round((double) arrived[r] / gpus / 10, 0);
            highest = Math.max(highest, arrivedPercent[r]);
        }
        final int buckets = Math.max(highest, COLUMNS) + 2;
        final int[] count = new int[buckets];
        final double[] allocationSum = new double[buckets];
        final double[] fragmentSum = new double[buckets];
        final double[] ratioSum = new double[buckets];
        for (int r = 0; r < rows; r++) {
            final int b = arrivedPercent[r];
            count[b]++;
            allocationSum[b] += round((double) allocated[r] / gpus / 10, 2);
            fragmentSum[b] += round(fragment[r], 2);
            ratioSum[b] += round(ratio[r], 2);
        }
        allocation = new double[COLUMNS];
        fragmentAmount = new double[COLUMNS];
        fragmentRatio = new double[COLUMNS];
        for (int a = 0; a < COLUMNS; a++) {
            int n = count[a];
            double allocationTotal = allocationSum[a];
            double fragmentTotal = fragmentSum[a];
            double ratioTotal = ratioSum[a];
            if (n == 0) {
                for (int b = Math.max(0, a - 1); b <= a + 1; b++) {
                    n += count[b];
                    allocationTotal += allocationSum[b];
                    fragmentTotal += fragmentSum[b];
                    ratioTotal += ratioSum[b];
                }
            }
            if (n == 0) {
                allocation[a] = Double.NaN;
                fragmentAmount[a] = Double.NaN;
                fragmentRatio[a] = Double.NaN;
            } else {
                allocation[a] = round(allocationTotal / n, 2);
                fragmentAmount[a] = round(100 * (fragmentTotal / n) / 1000 / gpus, 2);
                fragmentRatio[a] = ratioTotal / n;
            }
        }
    }

    /**
     * Python's {@code round(x, digits)}: the exact value of {@code x} rounded half to even, as the nearest
     * double. Fast path {@code rint(x 10^d) / 10^d}, exact unless {@code x 10^d} lies within 10^-6 of a half
     * (where the product's own rounding could decide); there the exact decimal value decides.
     */
    public static double round(final double x, final int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        if (digits == 0) {
            return Math.rint(x);
        }
        final double scale = Math.pow(10, digits);
        final double scaled = x * scale;
        final double fraction = scaled - Math.floor(scaled);
        if (Math.abs(fraction - 0.5) > 1e-6 && Math.abs(scaled) < 1e15) {
            return Math.rint(scaled) / scale;
        }
        return new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** The cluster's GPUs. */
    public int gpus() {
        return gpus;
    }

    /** Rows: one before the first pod and one after each. */
    public int rows() {
        return arrived.length;
    }

    public long arrivedMilli(final int row) {
        return arrived[row];
    }

    public long allocatedMilli(final int row) {
        return allocated[row];
    }

    public double fragmentMilli(final int row) {
        return fragment[row];
    }

    public double fragmentPercent(final int row) {
        return ratio[row];
    }

    /** GPU allocation ratio, percent, at {@code percent} arrived (NaN when no row is near). */
    public double allocation(final int percent) {
        return allocation[percent];
    }

    /** Fragmentation as a percent of the cluster's GPUs at {@code percent} arrived. */
    public double fragmentAmount(final int percent) {
        return fragmentAmount[percent];
    }

    /** Fragmentation over idle GPUs, percent, at {@code percent} arrived. */
    public double fragmentRatio(final int percent) {
        return fragmentRatio[percent];
    }

    /** The allocation column, a copy. */
    public double[] allocationColumns() {
        return allocation.clone();
    }

    public double[] fragmentAmountColumns() {
        return fragmentAmount.clone();
    }

    public double[] fragmentRatioColumns() {
        return fragmentRatio.clone();
    }

    @Override
    public String toString() {
        return "ArrivalCurves[" + rows() + " rows, allocation at 100%: " + allocation[100] + ", at 130%: "
            + allocation[COLUMNS - 1] + ", " + Arrays.stream(allocation).filter(Double::isNaN).count() + " empty]";
    }
}
