package org.stowage.core.trace;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.Seeds;

/**
 * Hu and Li 2022, Sec. 6.1, Eq. (14): a job list whose predicted durations are JCT_p = JCT_r (1 - eps), eps
 * drawn per job uniformly from [low, high] by a seeded stream. Schedulers see JCT_p
 * ({@code JobView.predictedServiceTime}); the simulation runs JCT_r.
 */
public final class PredictionError {
    /** Random-stream purpose of the draws (see {@link Seeds#generator}). */
    public static final int PURPOSE = 102;

    private PredictionError() {
    }

    /**
     * @param low  least eps, in [0, high]
     * @param high largest eps, in [low, 1)
     */
    public static JobList apply(final JobList jobs, final double low, final double high, final long seed) {
        if (!(low >= 0 && low <= high && high < 1)) {
            throw new IllegalArgumentException("prediction error range must satisfy 0 <= low <= high < 1: [" + low
                + ", " + high + "]");
        }
        final RandomGenerator random = Seeds.generator(seed, PURPOSE);
        final int n = jobs.count();
        final int dimensions = jobs.dimensions();
        final double[] arrival = new double[n];
        final double[] duration = new double[n];
        final double[] predicted = new double[n];
        final int[] classes = new int[n];
        final int[] sizes = new int[n * dimensions];
        for (int i = 0; i < n; i++) {
            arrival[i] = jobs.arrival(i);
            duration[i] = jobs.duration(i);
            final double eps = low == high ? low : low + (high - low) * random.nextDouble();
            predicted[i] = duration[i] * (1 - eps);
            classes[i] = jobs.jobClass(i);
            for (int d = 0; d < dimensions; d++) {
                sizes[i * dimensions + d] = jobs.size(i, d);
            }
        }
        return JobList.of(jobs.source() + ", predictions with error in [" + low + ", " + high + "]", jobs.units(),
            dimensions, arrival, duration, predicted, classes, sizes);
    }
}
