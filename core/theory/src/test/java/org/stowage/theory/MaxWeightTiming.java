package org.stowage.theory;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.stowage.core.Units;
import org.stowage.core.kernel.rms.GridKnapsack;
import org.stowage.core.kernel.rms.MaxWeightTable;

/**
 * Throwaway timing of one max-weight configuration per departure (MWS, Psychas and Ghaderi 2018,
 * Sec. VII-A3) on the paper's three settings, for docs/RMS.md (its journal keeps the table): the general solver of this module
 * ({@link MaxWeightConfiguration}: exact DP or branch and bound), enumeration over the precomputed maximal
 * configurations ({@link MaxWeightTable}) and the gcd-grid knapsack ({@link GridKnapsack}). Weights are
 * random queue lengths. Not a test and not JMH: a loop with a warm-up, nanoTime, median of 5 rounds. Run
 * from the repository root after {@code ./mvnw -B -ntp -q -pl core/theory -am test-compile} and
 * {@code ./mvnw -B -ntp -q -pl core/theory dependency:build-classpath -Dmdep.outputFile=target/cp.txt}:
 * <pre>
 *   java -cp core/theory/target/test-classes:core/theory/target/classes:core/simulator/target/classes:$(cat
 * core/theory/target/cp.txt) \
 *       org.stowage.theory.MaxWeightTiming
 * </pre>
 */
public final class MaxWeightTiming {
    private static final int WEIGHT_SETS = 1024;

    private MaxWeightTiming() {
    }

    public static void main(final String[] args) {
        final Units units = Units.defaults();
        // Fig. 1b: sizes 2 and 5 on capacity 10, default resolution
        run("Fig. 1b (D=1, J=2, C=10^7 units)", new int[][] {{units.sizeUnits(2)}, {units.sizeUnits(5)}},
            new int[] {units.capacityUnits(10)}, 200);
        // EC2 Table I on 90 GB / 90 CPU / 5000 GB, tenths
        final Units tenths = new Units(10);
        final double[][] ec2 = {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}};
        final int[][] ec2Units = new int[3][3];
        for (int j = 0; j < 3; j++) {
            for (int d = 0; d < 3; d++) {
                ec2Units[j][d] = tenths.sizeUnits(ec2[j][d]);
            }
        }
        run("EC2 (D=3, J=3)", ec2Units, new int[] {tenths.capacityUnits(90), tenths.capacityUnits(90),
            tenths.capacityUnits(5000)}, 200);
        // Google trace: dyadic types 2^-p, p = 0..9, unit servers at 2^20 units
        final int unit = 1 << 20;
        final int[][] dyadic = new int[10][1];
        for (int p = 0; p < 10; p++) {
            dyadic[p][0] = unit >> p;
        }
        run("Google dyadic (D=1, J=10, C=2^20 units)", dyadic, new int[] {unit}, 10_000);
    }

    private static void run(final String name, final int[][] sizes, final int[] capacity, final int queueScale) {
        final int types = sizes.length;
        final SplittableRandom random = new SplittableRandom(42);
        final int[][] weights = new int[WEIGHT_SETS][types];
        final double[][] doubles = new double[WEIGHT_SETS][types];
        for (int s = 0; s < WEIGHT_SETS; s++) {
            for (int j = 0; j < types; j++) {
                weights[s][j] = random.nextInt(4) == 0 ? 0 : random.nextInt(queueScale);
                doubles[s][j] = weights[s][j];
            }
        }
        System.out.println("== " + name);
        final MaxWeightConfiguration general = new MaxWeightConfiguration(sizes);
        final int[] out = new int[types];
        time("MaxWeightConfiguration.solve", s -> (long) general.solve(doubles[s], capacity, out));

        List<int[]> maximal = null;
        try {
            maximal = Configurations.maximal(sizes, capacity, 100_000);
        } catch (final IllegalArgumentException e) {
            System.out.println("  maximal configurations: " + e.getMessage());
        }
        if (maximal != null) {
            final MaxWeightTable table = new MaxWeightTable(types, maximal.toArray(new int[0][]));
            System.out.println("  maximal configurations: " + table.size());
            time("MaxWeightTable.best", s -> table.best(weights[s]));
        }
        if (capacity.length == 1) {
            final int[] column = new int[types];
            for (int j = 0; j < types; j++) {
                column[j] = sizes[j][0];
            }
            final GridKnapsack grid = new GridKnapsack(column, capacity[0]);
            System.out.println("  grid: " + grid);
            time("GridKnapsack.solve", s -> grid.solve(weights[s], out));
            if (grid.divisible()) {
                time("GridKnapsack.solveByTables", s -> grid.solveByTables(weights[s], out));
            }
        }
    }

    private interface Solve {
        long apply(int weightSet);
    }

    private static void time(final String what, final Solve solve) {
        long sink = 0;
        long calls = 1;
        // warm up and size the loop to about 100 ms
        while (true) {
            final long start = System.nanoTime();
            for (long i = 0; i < calls; i++) {
                sink += solve.apply((int) (i & (WEIGHT_SETS - 1)));
            }
            if (System.nanoTime() - start > 100_000_000L) {
                break;
            }
            calls *= 2;
        }
        final double[] rounds = new double[5];
        for (int r = 0; r < rounds.length; r++) {
            final long start = System.nanoTime();
            for (long i = 0; i < calls; i++) {
                sink += solve.apply((int) (i & (WEIGHT_SETS - 1)));
            }
            rounds[r] = (System.nanoTime() - start) / (double) calls;
        }
        Arrays.sort(rounds);
        System.out.printf(Locale.ROOT, "  %-30s median %10.1f ns per solve (min %.1f, max %.1f; %d calls per round; sink %d)%n",
            what, rounds[2], rounds[0], rounds[4], calls, sink & 1);
    }
}
