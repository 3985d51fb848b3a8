package org.stowage.theory.lotes;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;

import org.stowage.core.Units;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;

/**
 * Job classes found by {@link JobClustering}: the centroids (in the scaled feature space), the scaling, and
 * per class what LoTES needs from the training window: the proportion of training jobs, the mean request
 * vector and the mean duration (the paper's Table 2). Every job is classified by its nearest centroid
 * (Euclidean, in the scaled space; ties to the lower class), training jobs included, so the class statistics
 * are those of the nearest-centroid partition of the training window (equal to Lloyd's final partition once
 * Lloyd's algorithm has converged).
 *
 * <p>Classes are numbered by increasing raw mean feature vector, compared feature by feature (requests
 * first, duration last). Immutable.
 */
public final class KMeansClasses {
    private final double[][] centroids;
    private final double[] offset;
    private final double[] scale;
    private final JobClustering.Options options;
    private final int sizeFeatures;
    private final int[] trainingCount;
    private final double[][] rawMean;
    private final int trainingJobs;

    KMeansClasses(final double[][] points, final double[][] lloydCentroids, final double[] offset, final double[] scale,
               final JobClustering.Options options, final int sizeFeatures) {
        this.offset = offset;
        this.scale = scale;
        this.options = options;
        this.sizeFeatures = sizeFeatures;
        this.trainingJobs = points.length;
        final int k = lloydCentroids.length;
        final int features = offset.length;
        final int[] count = new int[k];
        final double[][] sum = new double[k][features];
        for (final double[] point : points) {
            final int c = nearest(lloydCentroids, scale(point, offset, scale));
            count[c]++;
            for (int f = 0; f < features; f++) {
                sum[c][f] += point[f];
            }
        }
        for (int c = 0; c < k; c++) {
            if (count[c] == 0) {
                throw new IllegalStateException("k-means: class " + c + " of " + k + " holds no training job after "
                    + options.maxIterations() + " iterations; raise the iterations or lower k");
            }
            for (int f = 0; f < features; f++) {
                sum[c][f] /= count[c];
            }
        }
        final Integer[] order = new Integer[k];
        for (int c = 0; c < k; c++) {
            order[c] = c;
        }
        Arrays.sort(order, Comparator.comparing(c -> sum[c], Arrays::compare));
        centroids = new double[k][];
        rawMean = new double[k][];
        trainingCount = new int[k];
        for (int c = 0; c < k; c++) {
            centroids[c] = lloydCentroids[order[c]];
            rawMean[c] = sum[order[c]];
            trainingCount[c] = count[order[c]];
        }
    }

    static double[] scale(final double[] point, final double[] offset, final double[] scale) {
        final double[] scaled = new double[point.length];
        for (int f = 0; f < point.length; f++) {
            scaled[f] = (point[f] - offset[f]) * scale[f];
        }
        return scaled;
    }

    private static int nearest(final double[][] centroids, final double[] scaled) {
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centroids.length; c++) {
            double distance = 0;
            for (int f = 0; f < scaled.length; f++) {
                final double delta = scaled[f] - centroids[c][f];
                distance += delta * delta;
            }
            if (distance < bestDistance) {
                bestDistance = distance;
                best = c;
            }
        }
        return best;
    }

    /** K. */
    public int count() {
        return centroids.length;
    }

    /** The options that found the classes. */
    public JobClustering.Options options() {
        return options;
    }

    /** Jobs in the training window. */
    public int trainingJobs() {
        return trainingJobs;
    }

    /** Training jobs of class {@code k}. */
    public int trainingJobs(final int k) {
        return trainingCount[k];
    }

    /** {@code alpha_k}: the fraction of training jobs in class {@code k}. */
    public double proportion(final int k) {
        return (double) trainingCount[k] / trainingJobs;
    }

    /** Mean raw feature {@code f} of class {@code k}'s training jobs (a request, or the duration in hours). */
    public double meanFeature(final int k, final int f) {
        return rawMean[k][f];
    }

    /** Mean request of class {@code k} on resource {@code d}, as a fraction of the largest machine. */
    public double meanSize(final int k, final int d) {
        if (d >= sizeFeatures) {
            throw new IllegalArgumentException("resource " + d + " of " + sizeFeatures);
        }
        return rawMean[k][d];
    }

    /** Mean duration of class {@code k}'s training jobs in hours (trace classes only: the last feature). */
    public double meanDurationHours(final int k) {
        return rawMean[k][rawMean[k].length - 1];
    }

    /** The class of a job with raw features {@code point}: its nearest centroid. */
    public int classify(final double[] point) {
        if (point.length != offset.length) {
            throw new IllegalArgumentException("k-means: " + point.length + " features, the classes have "
                + offset.length);
        }
        return nearest(centroids, scale(point, offset, scale));
    }

    /** The class of every job of {@code trace}, by nearest centroid. */
    public int[] classify(final LoadedTrace trace) {
        if (trace.dimensions() + 1 != offset.length) {
            throw new IllegalArgumentException("k-means: the classes have " + (offset.length - 1)
                + " resources, the trace " + trace.dimensions());
        }
        final int[] classes = new int[trace.count()];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = classify(JobClustering.features(trace, i));
        }
        return classes;
    }

    /** The class of every job of {@code list}, by nearest centroid (its features read as for a trace, times as seconds). */
    public int[] classify(final JobList list) {
        final int[] classes = new int[list.count()];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = classify(JobClustering.features(list, i));
        }
        return classes;
    }

    /** {@code trace} with a class column holding every job's class (the task arrays are shared). */
    public LoadedTrace label(final LoadedTrace trace) {
        return trace.withClasses(count(), classify(trace));
    }

    /** Mean request vectors in units ({@code [k][d]}, rounded up as {@link Units#sizeUnits} does), for LoTES. */
    public int[][] meanSizeUnits(final Units units) {
        final int[][] sizes = new int[count()][sizeFeatures];
        for (int k = 0; k < count(); k++) {
            for (int d = 0; d < sizeFeatures; d++) {
                sizes[k][d] = units.sizeUnits(rawMean[k][d]);
            }
        }
        return sizes;
    }

    /** The proportions {@code alpha_k} as an array. */
    public double[] proportions() {
        final double[] alpha = new double[count()];
        for (int k = 0; k < alpha.length; k++) {
            alpha[k] = proportion(k);
        }
        return alpha;
    }

    /**
     * The LoTES instance of these classes on {@code machines}, with processing rates that do not depend on
     * the configuration (Sec. 5.3: a trace job takes its recorded duration everywhere): {@code mu_jk} =
     * 1 / mean duration, in jobs per {@code timeUnitHours} (e.g. 1 for per hour, 1 / 36,000 for the
     * simulator's 100 ms slots).
     */
    public LotesInstance instance(final Units units, final LotesInstance.MachineGroups machines,
                                  final double timeUnitHours) {
        if (!(timeUnitHours > 0) || Double.isInfinite(timeUnitHours)) {
            throw new IllegalArgumentException("time unit must be a finite positive number of hours: "
                + timeUnitHours);
        }
        final double[] rates = new double[count()];
        for (int k = 0; k < rates.length; k++) {
            final double hours = meanDurationHours(k);
            rates[k] = hours > 0 ? timeUnitHours / hours : 0;
        }
        return LotesInstance.of(machines, meanSizeUnits(units), proportions(),
            LotesInstance.sameRates(machines.count(), rates));
    }

    /** Table 2's layout: per class the mean duration (h), mean requests, and proportion of training jobs. */
    public String table() {
        final StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-12s", "class"));
        for (int k = 0; k < count(); k++) {
            text.append(String.format(Locale.ROOT, "%10d", k + 1));
        }
        text.append(String.format(Locale.ROOT, "%n%-12s", "avg. time h"));
        for (int k = 0; k < count(); k++) {
            text.append(String.format(Locale.ROOT, "%10.3f", meanDurationHours(k)));
        }
        for (int d = 0; d < sizeFeatures; d++) {
            text.append(String.format(Locale.ROOT, "%n%-12s", sizeFeatures == 2 ? (d == 0 ? "avg. cores" : "avg. mem.")
                : "avg. size " + d));
            for (int k = 0; k < count(); k++) {
                text.append(String.format(Locale.ROOT, "%10.4f", meanSize(k, d)));
            }
        }
        text.append(String.format(Locale.ROOT, "%n%-12s", "proportion"));
        for (int k = 0; k < count(); k++) {
            text.append(String.format(Locale.ROOT, "%10.4f", proportion(k)));
        }
        return text.append(String.format(Locale.ROOT, "%n")).toString();
    }

    @Override
    public String toString() {
        return "KMeansClasses[k=" + count() + ", " + options.scaling() + ", " + trainingJobs + " training jobs]";
    }
}
