package org.stowage.core.kernel.batch;

import org.stowage.core.Units;
import org.stowage.core.state.ServerView;

/**
 * Tetris's packing score as Hu and Li 2022 use it (Sec. 4.1, Table 2; Grandl et al. 2014): the dot product
 * of a job's request vector and a machine's remaining resources. The higher the score, the better the job
 * matches the machine. The score says nothing about fitting: Table 2 scores jobs that do not fit; a
 * scheduler considers only the jobs that fit and takes the highest score.
 *
 * <p>{@link #dot} is exact, in units squared: with every size and residual at most
 * {@link Units#MAX_UNITS} and at most {@link Units#MAX_DIMENSIONS} resources, the sum stays below
 * 2<sup>63</sup> (the same bound as the multi-resource best fit). {@link #real} turns it into the paper's
 * fractions of a unit server. For servers of different capacities, {@link #normalized} divides both vectors
 * by the machine's capacity first, as Tetris does for heterogeneous machines. Stateless; nothing allocated.
 */
public final class TetrisScore {
    private TetrisScore() {
    }

    /**
     * {@code sum over d of request[requestOffset + d] * remaining[remainingOffset + d]}, in units squared.
     */
    public static long dot(final int[] request, final int requestOffset, final int[] remaining,
                           final int remainingOffset, final int dimensions) {
        long score = 0;
        for (int d = 0; d < dimensions; d++) {
            score += (long) request[requestOffset + d] * remaining[remainingOffset + d];
        }
        return score;
    }

    /** A score in units squared as the paper prints it: divided by the resolution squared. */
    public static double real(final long dot, final Units units) {
        final double resolution = units.resolution();
        return dot / (resolution * resolution);
    }

    /**
     * {@code sum over d of (request_d / capacity_d) * (remaining_d / capacity_d)}: the score on a machine
     * whose capacity is the unit, for heterogeneous machines. Equals {@link #real} of {@link #dot} on a unit
     * machine.
     */
    public static double normalized(final int[] request, final int requestOffset, final int[] remaining,
                                    final int remainingOffset, final int[] capacity, final int capacityOffset,
                                    final int dimensions) {
        double score = 0;
        for (int d = 0; d < dimensions; d++) {
            final double c = capacity[capacityOffset + d];
            score += (request[requestOffset + d] / c) * (remaining[remainingOffset + d] / c);
        }
        return score;
    }

    /** {@code 1 / s_d} for {@link TetrisTerms}: the reciprocal of the largest capacity on each resource. */
    public static double[] inverseLargestCapacity(final ServerView servers) {
        final double[] inverse = new double[servers.dimensions()];
        for (int d = 0; d < inverse.length; d++) {
            inverse[d] = 1.0 / servers.maxCapacity(d);
        }
        return inverse;
    }
}
