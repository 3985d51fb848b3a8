package org.stowage.core.model;

import java.util.Arrays;

/**
 * What is known in advance about the classes (or types) of the jobs a workload brings: per class, the mean
 * size vector, the exact size vector when every job of the class has the same size (a discrete type of the
 * 2018 and 2019 papers), the mean service time and the arrival rate when it is known. A job's class is
 * {@link org.stowage.core.state.JobView#jobClass}; class ids are {@code 0 .. count - 1}.
 *
 * <p>Kernels read it at creation (RMS: the types and their sizes for dummy jobs and for M; LoTES: the class
 * means). {@link #unknown} has no classes: a workload that knows nothing in advance. Immutable; accessors
 * are O(1) and allocate nothing.
 */
public final class JobClasses {
    private static final double UNKNOWN = Double.NaN;

    private final int dimensions;
    private final double[] meanSize;
    /** Exact size in units, or -1 on every resource of a class whose sizes vary. */
    private final int[] exactSize;
    private final double[] meanService;
    private final double[] arrivalRate;

    private JobClasses(final int dimensions, final double[] meanSize, final int[] exactSize,
                       final double[] meanService, final double[] arrivalRate) {
        this.dimensions = dimensions;
        this.meanSize = meanSize;
        this.exactSize = exactSize;
        this.meanService = meanService;
        this.arrivalRate = arrivalRate;
    }

    /** No classes known. */
    public static JobClasses unknown(final int dimensions) {
        return new JobClasses(dimensions, new double[0], new int[0], new double[0], new double[0]);
    }

    /**
     * Discrete types: every job of type {@code j} has size {@code sizes[j]} (units).
     *
     * @param meanService  mean service time of each type
     * @param arrivalRates arrival rate of each type, or null when unknown (NaN entries allowed)
     */
    public static JobClasses types(final int[][] sizes, final double[] meanService, final double[] arrivalRates) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("at least one type is needed");
        }
        final Builder builder = builder(sizes[0].length);
        for (int j = 0; j < sizes.length; j++) {
            builder.addType(sizes[j], meanService[j], arrivalRates == null ? UNKNOWN : arrivalRates[j]);
        }
        return builder.build();
    }

    public static Builder builder(final int dimensions) {
        return new Builder(dimensions);
    }

    /** Number of classes (0 when unknown). */
    public int count() {
        return meanService.length;
    }

    public int dimensions() {
        return dimensions;
    }

    /** Mean size of class {@code k} on resource {@code d}, in units. */
    public double meanSize(final int k, final int d) {
        return meanSize[k * dimensions + d];
    }

    /** Whether every job of class {@code k} has the same size vector. */
    public boolean hasExactSize(final int k) {
        return exactSize[k * dimensions] >= 0;
    }

    /** Whether every class has an exact size (discrete types). */
    public boolean allExact() {
        for (int k = 0; k < count(); k++) {
            if (!hasExactSize(k)) {
                return false;
            }
        }
        return count() > 0;
    }

    /**
     * The size of every job of class {@code k} on resource {@code d}, in units.
     *
     * @throws IllegalStateException if the class's sizes vary
     */
    public int exactSize(final int k, final int d) {
        final int size = exactSize[k * dimensions + d];
        if (size < 0) {
            throw new IllegalStateException("job class " + k + " has no fixed size");
        }
        return size;
    }

    public double meanService(final int k) {
        return meanService[k];
    }

    /** Arrival rate of class {@code k} (jobs per time unit), or NaN when unknown. */
    public double arrivalRate(final int k) {
        return arrivalRate[k];
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof JobClasses that && dimensions == that.dimensions
            && Arrays.equals(meanSize, that.meanSize) && Arrays.equals(exactSize, that.exactSize)
            && Arrays.equals(meanService, that.meanService) && Arrays.equals(arrivalRate, that.arrivalRate);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(meanSize) + Arrays.hashCode(meanService)) + Arrays.hashCode(arrivalRate);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("JobClasses[");
        for (int k = 0; k < count(); k++) {
            text.append(k == 0 ? "" : ", ").append(hasExactSize(k) ? "type " : "class ").append(k).append(": size ")
                .append(Arrays.toString(Arrays.copyOfRange(meanSize, k * dimensions, (k + 1) * dimensions)))
                .append(", service ").append(meanService[k]).append(", rate ").append(arrivalRate[k]);
        }
        return text.append(']').toString();
    }

    /** Collects classes in id order. */
    public static final class Builder {
        private final int dimensions;
        private double[] meanSize = new double[0];
        private int[] exactSize = new int[0];
        private double[] meanService = new double[0];
        private double[] arrivalRate = new double[0];

        private Builder(final int dimensions) {
            if (dimensions < 1) {
                throw new IllegalArgumentException("dimensions must be >= 1: " + dimensions);
            }
            this.dimensions = dimensions;
        }

        /** A discrete type: every job has size {@code size} (units). */
        public Builder addType(final int[] size, final double service, final double rate) {
            final double[] mean = new double[size.length];
            for (int d = 0; d < size.length; d++) {
                if (size[d] < 0) {
                    throw new IllegalArgumentException("type " + meanService.length + ": size on resource " + d
                        + " must be >= 0 units: " + size[d]);
                }
                mean[d] = size[d];
            }
            return add(mean, size, service, rate);
        }

        /** A class whose sizes vary around {@code meanSize} (units). */
        public Builder addClass(final double[] meanSize, final double service, final double rate) {
            final int[] none = new int[meanSize.length];
            Arrays.fill(none, -1);
            return add(meanSize, none, service, rate);
        }

        private Builder add(final double[] mean, final int[] exact, final double service, final double rate) {
            final int k = meanService.length;
            if (mean.length != dimensions) {
                throw new IllegalArgumentException("class " + k + " has " + mean.length + " resources, expected "
                    + dimensions);
            }
            if (!(service > 0) || Double.isInfinite(service)) {
                throw new IllegalArgumentException("class " + k + ": mean service must be finite and > 0: " + service);
            }
            if (!Double.isNaN(rate) && !(rate >= 0 && rate < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("class " + k + ": arrival rate must be finite and >= 0 or NaN: "
                    + rate);
            }
            meanSize = Arrays.copyOf(meanSize, (k + 1) * dimensions);
            exactSize = Arrays.copyOf(exactSize, (k + 1) * dimensions);
            System.arraycopy(mean, 0, meanSize, k * dimensions, dimensions);
            System.arraycopy(exact, 0, exactSize, k * dimensions, dimensions);
            meanService = Arrays.copyOf(meanService, k + 1);
            meanService[k] = service;
            arrivalRate = Arrays.copyOf(arrivalRate, k + 1);
            arrivalRate[k] = rate;
            return this;
        }

        public JobClasses build() {
            return new JobClasses(dimensions, meanSize.clone(), exactSize.clone(), meanService.clone(),
                arrivalRate.clone());
        }
    }
}
