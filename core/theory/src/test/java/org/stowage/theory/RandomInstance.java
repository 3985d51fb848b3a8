package org.stowage.theory;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.stowage.core.model.ServerClasses;

/**
 * Small random capacity instances for differential tests: few types, sizes between 8% and 70% of a unit
 * capacity (so full enumeration stays small), some zero-probability types, and 1 to 3 server classes.
 * A coarse resolution of 100 units per 1.0 makes exactly-full configurations common (the hard cases).
 */
record RandomInstance(long seed, JobTypes types, ServerClasses servers) {
    static final int RESOLUTION = 100;

    static RandomInstance generate(final long seed, final int dimensions, final boolean heterogeneous) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int count = 1 + random.nextInt(5);
        final int[][] sizes = new int[count][dimensions];
        final double[] weights = new double[count];
        for (int j = 0; j < count; j++) {
            for (int d = 0; d < dimensions; d++) {
                // For D > 1 a resource may be unused by a type (size 0), as long as one is used.
                sizes[j][d] = dimensions > 1 && random.nextInt(5) == 0 ? 0 : 8 + random.nextInt(63);
            }
            if (Arrays.stream(sizes[j]).allMatch(s -> s == 0)) {
                sizes[j][random.nextInt(dimensions)] = 8 + random.nextInt(63);
            }
            weights[j] = random.nextInt(6) == 0 ? 0 : 1 + random.nextInt(9);
        }
        if (Arrays.stream(weights).allMatch(w -> w == 0)) {
            weights[0] = 1;
        }
        final int classes = heterogeneous ? 1 + random.nextInt(3) : 1;
        final int[][] capacities = new int[classes][dimensions];
        final int[] counts = new int[classes];
        for (int c = 0; c < classes; c++) {
            for (int d = 0; d < dimensions; d++) {
                capacities[c][d] = heterogeneous ? 50 + random.nextInt(101) : RESOLUTION;
            }
            counts[c] = 1 + random.nextInt(5);
        }
        return new RandomInstance(seed, JobTypes.ofUnits(sizes, weights), ServerClasses.of(capacities, counts));
    }

    @Override
    public String toString() {
        return "seed " + seed + ": " + types + " on " + servers;
    }
}
