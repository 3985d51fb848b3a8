package org.stowage.core.metrics;

import java.util.Locale;

/**
 * A stability verdict for one run, from the queue-length series: does a positive fraction of the arriving
 * jobs pile up in the queue?
 *
 * <h2>The test</h2>
 * Take the second half of the observed window (after warm-up), where a stable system has forgotten its
 * start and an unstable one grows at its drift. Split the complete series buckets that lie in it into
 * {@value #BATCHES} batches of consecutive buckets and fit a least-squares line to the batch means
 * against time. Batch means are nearly independent when a batch is much longer than the queue's
 * correlation time, so the residuals give a standard error {@code se} for the slope {@code b}. With
 * {@code lambda} the measured arrival rate, the growth {@code g = b / lambda} is the fraction of arrivals
 * that accumulate; its interval is {@code (b -/+ Z * se) / lambda} with {@code Z} = {@value #Z}.
 * <ul>
 *   <li><b>unstable</b> when the lower end of that interval exceeds {@code G} = {@value #GROWTH_THRESHOLD}
 *       and the fitted rise over the half, {@code b * halfLength}, is at least
 *       {@value #RISE_TO_LEVEL} of the mean queue over the half (the queue really grew, it is not a
 *       fluctuation of a large but stationary queue);</li>
 *   <li><b>stable</b> when the whole interval lies within {@code (-G, G)}: no growth, and no draining
 *       either (a queue that shrinks steadily is still recovering from its start or from an overload, so
 *       its averages are not yet those of a steady state);</li>
 *   <li><b>inconclusive</b> otherwise (too short for the queue's fluctuations, or draining), or when fewer
 *       than {@value #MIN_BUCKETS} buckets fall in the half.</li>
 *   <li><b>not drained</b>, set by the caller with {@link #notDrained()}, when the arrivals ended before the
 *       second half began (a batch) and jobs were still queued or running at the end: the growth test asks
 *       about an arrival process that is no longer there, and the run simply stopped before the work was
 *       done (a horizon that cuts a batch short).</li>
 * </ul>
 *
 * <h2>Why these thresholds</h2>
 * Any stable system has g = 0, so with a long enough run its upper bound falls below G. The 2019 paper's
 * two instability examples accumulate 5% (Fig. 3a, VQS: arrivals 0.014 against a VQS capacity of 0.0133
 * per slot) and 2% (Fig. 3b, BF-J/S: 0.0306 against 0.03) of their arrivals, 4 to 10 times G = 0.5%, so
 * both are called unstable once the run is long enough to see the drift through the noise. A smaller G
 * would need much longer runs to call anything stable: the interval shrinks only like T^-1.5 in the run
 * length T (for example +/- 0.9% of arrivals after 10^6 slots and +/- 0.13% after 4 * 10^6 for BF-J/S on
 * the default workload of {@code stowage run}, whose queue averages about 190 jobs).
 * Z = 3.4 is about the two-sided 99% quantile of Student's t with 8 degrees of freedom (10 batch means,
 * 2 fitted parameters). A run whose drift is truly between 0 and G, or whose queue fluctuates on scales
 * close to the run length, is reported as inconclusive rather than guessed.
 */
public final class Stability {
    /** Batches the second half is cut into. */
    public static final int BATCHES = 10;
    /** Two-sided 99% quantile of Student's t with 8 degrees of freedom, rounded up. */
    public static final double Z = 3.4;
    /** Fraction of arrivals piling up that separates stable from unstable. */
    public static final double GROWTH_THRESHOLD = 0.005;
    /** Least fitted rise over the half, relative to the mean queue there, for an unstable verdict. */
    public static final double RISE_TO_LEVEL = 0.25;
    /** Fewest complete buckets in the second half for any verdict. */
    public static final int MIN_BUCKETS = 2 * BATCHES;

    /** The outcomes. */
    public enum Verdict {
        STABLE, UNSTABLE, INCONCLUSIVE, NOT_DRAINED;

        /** Lower-case name with spaces, as printed in tables and files: {@code not drained}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }

        /** The verdict printed as {@code label}. */
        public static Verdict ofLabel(final String label) {
            for (final Verdict verdict : values()) {
                if (verdict.label().equals(label)) {
                    return verdict;
                }
            }
            throw new IllegalArgumentException("no verdict '" + label + "'");
        }
    }

    private final Verdict verdict;
    private final double growth;
    private final double growthError;
    private final double meanLevel;
    private final double rise;
    private final int buckets;

    private Stability(final Verdict verdict, final double growth, final double growthError, final double meanLevel,
                      final double rise, final int buckets) {
        this.verdict = verdict;
        this.growth = growth;
        this.growthError = growthError;
        this.meanLevel = meanLevel;
        this.rise = rise;
        this.buckets = buckets;
    }

    /** A verdict with its details as recorded earlier (for reading results back from files). */
    public static Stability of(final Verdict verdict, final double growth, final double growthError,
                               final double meanLevel, final double rise, final int buckets) {
        return new Stability(verdict, growth, growthError, meanLevel, rise, buckets);
    }

    /**
     * Judges the queue series over the observed window {@code [from, to)}.
     *
     * @param series      the queue-length series
     * @param from        start of the observed window (the warm-up time)
     * @param to          end of the observed window
     * @param arrivalRate arrivals per time unit over the window
     */
    public static Stability judge(final BucketSeries series, final double from, final double to,
                                  final double arrivalRate) {
        final double half = from + (to - from) / 2;
        int first = (int) Math.ceil((half - series.origin()) / series.width());
        first = Math.max(first, 0);
        final int last = series.size(); // exclusive; only complete buckets
        final int count = last - first;
        if (count < MIN_BUCKETS || !(to > from)) {
            return new Stability(Verdict.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Math.max(count, 0));
        }
        final double[] times = new double[BATCHES];
        final double[] means = new double[BATCHES];
        double levelSum = 0;
        for (int b = 0; b < BATCHES; b++) {
            final int start = first + (int) ((long) count * b / BATCHES);
            final int end = first + (int) ((long) count * (b + 1) / BATCHES);
            double sum = 0;
            for (int i = start; i < end; i++) {
                sum += series.mean(i);
            }
            means[b] = sum / (end - start);
            times[b] = (series.start(start) + series.start(end)) / 2;
            levelSum += sum;
        }
        final double level = levelSum / count;
        double meanTime = 0;
        double meanValue = 0;
        for (int b = 0; b < BATCHES; b++) {
            meanTime += times[b] / BATCHES;
            meanValue += means[b] / BATCHES;
        }
        double sxx = 0;
        double sxy = 0;
        for (int b = 0; b < BATCHES; b++) {
            sxx += (times[b] - meanTime) * (times[b] - meanTime);
            sxy += (times[b] - meanTime) * (means[b] - meanValue);
        }
        final double slope = sxy / sxx;
        double residuals = 0;
        for (int b = 0; b < BATCHES; b++) {
            final double fitted = meanValue + slope * (times[b] - meanTime);
            residuals += (means[b] - fitted) * (means[b] - fitted);
        }
        final double slopeError = Math.sqrt(residuals / (BATCHES - 2) / sxx);
        final double span = series.start(last) - series.start(first);
        final double rise = slope * span;
        if (!(arrivalRate > 0)) {
            final Verdict verdict = level == 0 ? Verdict.STABLE : Verdict.INCONCLUSIVE;
            return new Stability(verdict, 0, 0, level, rise, count);
        }
        final double growth = slope / arrivalRate;
        final double error = Z * slopeError / arrivalRate;
        final Verdict verdict;
        if (growth - error > GROWTH_THRESHOLD && rise >= RISE_TO_LEVEL * level) {
            verdict = Verdict.UNSTABLE;
        } else if (growth + error < GROWTH_THRESHOLD && growth - error > -GROWTH_THRESHOLD) {
            verdict = Verdict.STABLE;
        } else {
            verdict = Verdict.INCONCLUSIVE;
        }
        return new Stability(verdict, growth, error, level, rise, count);
    }

    /** This judgement with the verdict {@link Verdict#NOT_DRAINED}, its details kept. */
    public Stability notDrained() {
        return new Stability(Verdict.NOT_DRAINED, growth, growthError, meanLevel, rise, buckets);
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Fitted fraction of arrivals that accumulate in the queue over the second half (NaN if not judged). */
    public double growth() {
        return growth;
    }

    /** Half-width of the growth interval, {@code Z * se / lambda}. */
    public double growthError() {
        return growthError;
    }

    /** Mean queue length over the second half. */
    public double meanLevel() {
        return meanLevel;
    }

    /** Fitted rise of the queue over the second half. */
    public double rise() {
        return rise;
    }

    /** Complete series buckets the verdict used. */
    public int buckets() {
        return buckets;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (growth %.4f +/- %.4f of arrivals, rise %.1f over mean %.1f, %d buckets)",
            verdict.label(), growth, growthError, rise, meanLevel, buckets);
    }
}
