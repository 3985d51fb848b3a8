package org.stowage.core.model;

import java.util.Arrays;

/**
 * Processing rates that depend on where a job runs (Tran et al. 2018, Sec. 2: mu_jk, the rate at which a
 * machine of configuration j processes a job of class k). A job then carries work w instead of a service
 * time, and its service time is fixed when it starts: {@code w / rate(serverClass, jobClass)}. In slotted
 * time the result is rounded up to whole slots (at least one).
 *
 * <p>Immutable; {@link #rate} is O(1) and allocates nothing.
 */
public final class ProcessingRates {
    private final int jobClasses;
    /** {@code rates[serverClass * jobClasses + jobClass]}. */
    private final double[] rates;

    private ProcessingRates(final int jobClasses, final double[] rates) {
        this.jobClasses = jobClasses;
        this.rates = rates;
    }

    /**
     * @param rates {@code rates[serverClass][jobClass]}, each finite and &gt; 0
     */
    public static ProcessingRates of(final double[][] rates) {
        if (rates.length == 0 || rates[0].length == 0) {
            throw new IllegalArgumentException("processing rates need at least one server class and one job class");
        }
        final int classes = rates[0].length;
        final double[] packed = new double[rates.length * classes];
        for (int j = 0; j < rates.length; j++) {
            if (rates[j].length != classes) {
                throw new IllegalArgumentException("server class " + j + " has " + rates[j].length
                    + " job-class rates, server class 0 has " + classes);
            }
            for (int k = 0; k < classes; k++) {
                final double rate = rates[j][k];
                if (!(rate > 0) || Double.isInfinite(rate)) {
                    throw new IllegalArgumentException("processing rate of job class " + k + " on server class " + j
                        + " must be finite and > 0: " + rate);
                }
                packed[j * classes + k] = rate;
            }
        }
        return new ProcessingRates(classes, packed);
    }

    public int serverClasses() {
        return rates.length / jobClasses;
    }

    public int jobClasses() {
        return jobClasses;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof ProcessingRates that && jobClasses == that.jobClasses
            && Arrays.equals(rates, that.rates);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(rates);
    }

    /** mu of job class {@code jobClass} on server class {@code serverClass}. */
    public double rate(final int serverClass, final int jobClass) {
        return rates[serverClass * jobClasses + jobClass];
    }
}
