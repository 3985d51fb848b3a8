package org.stowage.theory.lotes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.Cluster;
import org.apache.commons.math3.ml.clustering.DoublePoint;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.clustering.MultiKMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.clustering.evaluation.ClusterEvaluator;
import org.apache.commons.math3.ml.distance.EuclideanDistance;
import org.apache.commons.math3.random.MersenneTwister;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;

/**
 * Job classes by k-means (Tran et al. 2018, Sec. 5.3.2, after Mishra et al. 2010): Lloyd's algorithm with
 * k-means++ seeding (Apache Commons Math's {@link KMeansPlusPlusClusterer}, seeded with a Mersenne Twister)
 * on each job's resource requests and duration, over a training window at the start of a trace; every job
 * of the trace then gets the class of its nearest centroid.
 *
 * <h2>Features and scaling</h2>
 * A job's features are its D requests as fractions of the largest machine (size units / resolution) and its
 * duration in hours. The two kinds live on different scales (requests in [0, 0.5], durations from seconds
 * to 19 hours with a heavy tail), so Euclidean k-means needs a choice ({@link Scaling}); each scaling is
 * affine per feature and fitted on the training window, so a class's centroid maps back to the mean of its
 * members in raw units. The paper does not say which it used; docs/LOTES.md measures all three on the
 * Google sample and explains the default.
 *
 * <h2>Determinism</h2>
 * Same trace, options and seed give the same classes: the points are passed in trace order, the random
 * generator is seeded, and the classes are then numbered by increasing centroid (first feature first, then
 * the next), so the numbering does not depend on which seed found them. {@link Options#trials()} runs of
 * k-means++ and Lloyd's iterations are made ({@link MultiKMeansPlusPlusClusterer}) and the one with the least
 * within-class sum of squares, the objective Lloyd's algorithm descends, is kept. (Commons Math's default
 * judge, {@code SumOfClusterVariances}, sums the variance of the distances to each centroid instead, which
 * prefers a worse partition in {@code JobClusteringTest}'s size-or-duration example.)
 */
public final class JobClustering {
    /** Hours per microsecond, for the duration feature. */
    static final double HOURS_PER_MICRO = 1.0 / 3.6e9;

    /**
     * Hours per time unit of a job list: a list's times have no unit of their own, so they are read as seconds
     * (for the training window and the duration feature). A class's rate does not depend on this reading:
     * {@code mu_k} is 1 / its mean duration in the list's unit either way.
     */
    public static final double LIST_TIME_UNIT_HOURS = 1 / 3600.0;

    private JobClustering() {
    }

    /** How features are scaled before Euclidean distances are taken; fitted on the training window. */
    public enum Scaling {
        /** Requests as fractions of the largest machine, durations in hours, unscaled. */
        NONE,
        /** Each feature minus its training minimum, divided by its training range (0 for a constant feature). */
        MIN_MAX,
        /** Each feature minus its training mean, divided by its training standard deviation. */
        STANDARDIZE
    }

    /**
     * Clustering settings.
     *
     * @param classes        k, in [1, 1000]
     * @param seed           seed of the k-means++ generator
     * @param maxIterations  Lloyd iterations per trial, >= 1
     * @param trials         k-means++ runs, the best kept, >= 1
     * @param scaling        feature scaling
     * @param trainingMicros the training window: jobs arriving within this many microseconds of the first
     *                       arrival, > 0
     */
    public record Options(int classes, long seed, int maxIterations, int trials, Scaling scaling,
                          long trainingMicros) {
        /** Four hours, as docs/LOTES.md explains: the paper's first day scaled to our ~20 h sample. */
        public static final long FOUR_HOURS_MICROS = 4L * 3_600_000_000L;

        /** k = 4 (Table 2), seed 1, 1000 iterations, 5 trials, min-max scaling, the first 4 hours. */
        public static Options defaults() {
            return new Options(4, 1, 1000, 5, Scaling.MIN_MAX, FOUR_HOURS_MICROS);
        }

        /** These options with another scaling. */
        public Options withScaling(final Scaling value) {
            return new Options(classes, seed, maxIterations, trials, value, trainingMicros);
        }

        /** These options with another k. */
        public Options withClasses(final int value) {
            return new Options(value, seed, maxIterations, trials, scaling, trainingMicros);
        }

        /** These options with another seed. */
        public Options withSeed(final long value) {
            return new Options(classes, value, maxIterations, trials, scaling, trainingMicros);
        }

        public Options {
            if (classes < 1 || classes > 1000) {
                throw new IllegalArgumentException("k-means classes must be in [1, 1000]: " + classes);
            }
            if (maxIterations < 1) {
                throw new IllegalArgumentException("k-means iterations must be >= 1: " + maxIterations);
            }
            if (trials < 1) {
                throw new IllegalArgumentException("k-means trials must be >= 1: " + trials);
            }
            if (scaling == null) {
                throw new IllegalArgumentException("k-means scaling must be given (NONE, MIN_MAX or STANDARDIZE)");
            }
            if (trainingMicros < 1) {
                throw new IllegalArgumentException("k-means training window must be >= 1 microsecond: "
                    + trainingMicros);
            }
        }
    }

    /** The raw features of task {@code i}: its requests (fractions of the largest machine) and duration (hours). */
    static double[] features(final LoadedTrace trace, final int i) {
        final double[] point = new double[trace.dimensions() + 1];
        final double perUnit = 1.0 / trace.units().resolution();
        for (int d = 0; d < trace.dimensions(); d++) {
            point[d] = trace.size(i, d) * perUnit;
        }
        point[trace.dimensions()] = trace.durationMicros(i) * HOURS_PER_MICRO;
        return point;
    }

    /**
     * Classes from the jobs of {@code trace} that arrive within {@code options.trainingMicros()} of its first
     * arrival.
     *
     * @throws IllegalArgumentException when the window holds fewer jobs than classes
     */
    public static KMeansClasses fit(final LoadedTrace trace, final Options options) {
        if (trace.count() == 0) {
            throw new IllegalArgumentException("k-means: the trace has no jobs");
        }
        final long end = trace.arrivalMicros(0) + options.trainingMicros();
        int training = 0;
        while (training < trace.count() && trace.arrivalMicros(training) < end) {
            training++;
        }
        final double[][] points = new double[training][];
        for (int i = 0; i < training; i++) {
            points[i] = features(trace, i);
        }
        return fit(points, options, trace.dimensions());
    }

    /** A list job's raw features: its sizes (fractions of a unit server) and duration (hours, times as seconds). */
    static double[] features(final JobList list, final int i) {
        final double[] point = new double[list.dimensions() + 1];
        final double perUnit = 1.0 / list.units().resolution();
        for (int d = 0; d < list.dimensions(); d++) {
            point[d] = list.size(i, d) * perUnit;
        }
        point[list.dimensions()] = list.duration(i) * LIST_TIME_UNIT_HOURS;
        return point;
    }

    /**
     * Classes from the jobs of {@code list} that arrive within {@code options.trainingMicros()} of its first
     * arrival, the list's times read as seconds ({@link #LIST_TIME_UNIT_HOURS}); features as for a trace.
     *
     * @throws IllegalArgumentException when the list has no jobs, or the window fewer than classes
     * @throws IllegalStateException    when k-means leaves a class empty (fewer distinct jobs than classes)
     */
    public static KMeansClasses fit(final JobList list, final Options options) {
        if (list.count() == 0) {
            throw new IllegalArgumentException("the list has no jobs");
        }
        final double end = list.arrival(0) + options.trainingMicros() / 1e6;
        int training = 0;
        while (training < list.count() && list.arrival(training) < end) {
            training++;
        }
        final double[][] points = new double[training][];
        for (int i = 0; i < training; i++) {
            points[i] = features(list, i);
        }
        return fit(points, options, list.dimensions());
    }

    /**
     * Classes from raw feature rows (each of one length; the last {@code length - sizeFeatures} are not
     * sizes).
     *
     * @param sizeFeatures how many leading features are requests (for {@link KMeansClasses#meanSize}); the rest
     *                     are durations in hours when the points come from a trace
     */
    public static KMeansClasses fit(final double[][] points, final Options options, final int sizeFeatures) {
        if (points.length < options.classes()) {
            throw new IllegalArgumentException("k-means: " + points.length + " training jobs for "
                + options.classes() + " classes");
        }
        final int features = points[0].length;
        for (int i = 0; i < points.length; i++) {
            if (points[i].length != features) {
                throw new IllegalArgumentException("k-means: point " + i + " has " + points[i].length
                    + " features, point 0 has " + features);
            }
            for (int f = 0; f < features; f++) {
                if (!Double.isFinite(points[i][f])) {
                    throw new IllegalArgumentException("k-means: feature " + f + " of point " + i
                        + " is not finite: " + points[i][f]);
                }
            }
        }
        final int distinct = distinctUpTo(points, options.classes());
        if (distinct < options.classes()) {
            throw new IllegalArgumentException("k-means: the " + points.length + " training jobs have " + distinct
                + " distinct feature vector(s) (requests and duration) for " + options.classes() + " classes");
        }
        final double[] offset = new double[features];
        final double[] scale = new double[features];
        fitScaling(points, options.scaling(), offset, scale);
        final List<DoublePoint> scaled = new ArrayList<>(points.length);
        for (final double[] point : points) {
            scaled.add(new DoublePoint(KMeansClasses.scale(point, offset, scale)));
        }
        final KMeansPlusPlusClusterer<DoublePoint> lloyd = new KMeansPlusPlusClusterer<>(options.classes(),
            options.maxIterations(), new EuclideanDistance(), new MersenneTwister(options.seed()));
        final List<CentroidCluster<DoublePoint>> clusters = options.trials() == 1
            ? lloyd.cluster(scaled)
            : new MultiKMeansPlusPlusClusterer<>(lloyd, options.trials(), new WithinClassSquares()).cluster(scaled);
        final double[][] centroids = new double[clusters.size()][];
        for (int k = 0; k < centroids.length; k++) {
            centroids[k] = clusters.get(k).getCenter().getPoint().clone();
        }
        return new KMeansClasses(points, centroids, offset, scale, options, sizeFeatures);
    }

    /** Distinct rows of {@code points}, counted up to {@code limit} (k-means needs k of them). */
    private static int distinctUpTo(final double[][] points, final int limit) {
        final Set<List<Double>> seen = new HashSet<>();
        for (int i = 0; i < points.length && seen.size() < limit; i++) {
            final List<Double> row = new ArrayList<>(points[i].length);
            for (final double value : points[i]) {
                row.add(value);
            }
            seen.add(row);
        }
        return seen.size();
    }

    private static void fitScaling(final double[][] points, final Scaling scaling, final double[] offset,
                                   final double[] scale) {
        final int features = offset.length;
        for (int f = 0; f < features; f++) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            for (final double[] point : points) {
                min = Math.min(min, point[f]);
                max = Math.max(max, point[f]);
                sum += point[f];
            }
            final double mean = sum / points.length;
            double squares = 0;
            for (final double[] point : points) {
                squares += (point[f] - mean) * (point[f] - mean);
            }
            final double deviation = Math.sqrt(squares / points.length);
            switch (scaling) {
                case NONE:
                    offset[f] = 0;
                    scale[f] = 1;
                    break;
                case MIN_MAX:
                    offset[f] = min;
                    scale[f] = max > min ? 1 / (max - min) : 0;
                    break;
                default:
                    offset[f] = mean;
                    scale[f] = deviation > 0 ? 1 / deviation : 0;
            }
        }
    }

    /** The k-means objective: the sum over classes of the squared distances of their points to the centroid. */
    private static final class WithinClassSquares extends ClusterEvaluator<DoublePoint> {
        @Override
        public double score(final List<? extends Cluster<DoublePoint>> clusters) {
            double total = 0;
            for (final Cluster<DoublePoint> cluster : clusters) {
                if (cluster.getPoints().isEmpty()) {
                    // a trial that left a class empty is never the best one
                    return Double.POSITIVE_INFINITY;
                }
                final double[] center = centroidOf(cluster).getPoint();
                for (final DoublePoint point : cluster.getPoints()) {
                    final double[] x = point.getPoint();
                    for (int f = 0; f < x.length; f++) {
                        total += (x[f] - center[f]) * (x[f] - center[f]);
                    }
                }
            }
            return total;
        }
    }
}
