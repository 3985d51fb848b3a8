package org.stowage.theory.lotes;

import java.util.Arrays;

/**
 * The solution of Stage 1 ({@link AllocationLp}): lambda of Eq. 1, {@code delta*_jkl}, and the class sets
 * {@code K^j} (classes with a positive {@code delta*_jkl}) that restrict Stage 2's bins. Immutable.
 */
public final class Allocation {
    private final LotesInstance instance;
    private final double lambda;
    private final double[][] perMachine;
    private final int[][] classesOf;
    private final long solveNanos;

    Allocation(final LotesInstance instance, final double lambda, final double[][] perMachine,
               final double threshold, final long solveNanos) {
        this.instance = instance;
        this.lambda = lambda;
        this.perMachine = perMachine;
        this.solveNanos = solveNanos;
        classesOf = new int[instance.configurationCount()][];
        for (int j = 0; j < classesOf.length; j++) {
            final int[] members = new int[instance.classCount()];
            int count = 0;
            for (int k = 0; k < instance.classCount(); k++) {
                double largest = 0;
                for (int l = 0; l < instance.dimensions(); l++) {
                    largest = Math.max(largest, delta(j, k, l));
                }
                if (largest > threshold) {
                    members[count++] = k;
                }
            }
            classesOf[j] = Arrays.copyOf(members, count);
        }
    }

    /** The instance solved. */
    public LotesInstance instance() {
        return instance;
    }

    /** lambda of the allocation LP: the fluid bound on the total arrival rate (jobs per time unit). */
    public double lambda() {
        return lambda;
    }

    /** {@code delta*_jkl}: the fraction of configuration {@code j}'s resource {@code l} devoted to class {@code k}. */
    public double delta(final int j, final int k, final int l) {
        return instance.classSize(k, l) * perMachine[j][k] / instance.capacity(j, l);
    }

    /** {@code w_jk}: class-{@code k} jobs of mean size held per machine of {@code j} in the fluid allocation. */
    public double jobsPerMachine(final int j, final int k) {
        return perMachine[j][k];
    }

    /** {@code K^j}, increasing; a copy. */
    public int[] classesOf(final int j) {
        return classesOf[j].clone();
    }

    /** {@code |K^j|}. */
    public int classCount(final int j) {
        return classesOf[j].length;
    }

    /** Shared view; never modified. */
    int[] classesView(final int j) {
        return classesOf[j];
    }

    /** Wall time of building and solving the LP. */
    public long solveNanos() {
        return solveNanos;
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("Allocation[lambda=").append(lambda).append(", K^j=");
        for (int j = 0; j < classesOf.length; j++) {
            text.append(j == 0 ? "" : " ").append(Arrays.toString(classesOf[j]));
        }
        return text.append(']').toString();
    }
}
