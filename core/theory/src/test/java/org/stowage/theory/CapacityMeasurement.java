package org.stowage.theory;

import java.util.Locale;
import java.util.SplittableRandom;

import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/**
 * Solve times of the capacity LP on larger instances, for docs/THEORY.md. Not a test (timings belong in one
 * measured run, not in assertions). Run from the repository root:
 * <pre>
 *   ./mvnw -B -ntp -q -pl core test-compile
 *   ./mvnw -B -ntp -q -pl core org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
 *       -Dmdep.outputFile=target/cp.txt
 *   java -cp core/theory/target/test-classes:core/theory/target/classes:$(cat core/theory/target/cp.txt) \
 *       org.stowage.theory.CapacityMeasurement
 * </pre>
 */
public final class CapacityMeasurement {
    private CapacityMeasurement() {
    }

    public static void main(final String[] args) {
        final Units units = Units.defaults();
        final int one = units.capacityUnits(1.0);
        final int two = units.capacityUnits(2.0);
        final ServerClasses cluster = ServerClasses.of(new int[][] {{one, one}, {two, one}, {one, two}},
            new int[] {20, 10, 10});
        MaxSupportableWorkload.solve(random(units, 5, 2, 0.2, 0.5, 1), cluster); // natives and JIT warm-up

        if (args.length > 0 && "enumeration".equals(args[0])) {
            enumeration(units, one, two);
            return;
        }
        System.out.println("== D = 2, 40 servers in 3 classes (20 x 1/1, 10 x 2/1, 10 x 1/2), sizes U[0.1, 0.5] per resource");
        header();
        for (final int types : new int[] {50, 100, 200}) {
            for (final String lp : new String[] {"GLOP", "CLP"}) {
                row("CG " + lp, types, MaxSupportableWorkload.solve(random(units, types, 2, 0.1, 0.5, types), cluster,
                    MaxSupportableWorkload.Options.defaults().withLpSolver(lp)));
            }
        }
        System.out.println("== the same cluster, small jobs U[0.02, 0.4] per resource (hard pricing)");
        header();
        for (final int types : new int[] {20, 50}) {
            row("CG GLOP", types, MaxSupportableWorkload.solve(random(units, types, 2, 0.02, 0.4, types), cluster));
        }
        enumeration(units, one, two);
    }

    private static void enumeration(final Units units, final int one, final int two) {
        System.out.println("== column generation vs full enumeration (same instances)");
        header();
        final ServerClasses small = ServerClasses.of(new int[][] {{one, one}, {two, one}}, new int[] {3, 2});
        for (final int types : new int[] {6, 10, 14}) {
            final JobTypes instance = random(units, types, 2, 0.2, 0.6, types);
            row("CG", types, MaxSupportableWorkload.solve(instance, small));
            row("enumeration", types, MaxSupportableWorkload.enumerate(instance, small));
        }
        System.out.println("== where enumeration gets expensive: smaller jobs, more configurations");
        header();
        for (final int types : new int[] {8, 12}) {
            final JobTypes instance = random(units, types, 2, 0.05, 0.3, types);
            row("CG", types, MaxSupportableWorkload.solve(instance, small));
            row("enumeration", types, MaxSupportableWorkload.enumerate(instance, small));
        }
        final ServerClasses unit = ServerClasses.homogeneous(5, one);
        for (final int types : new int[] {8, 12}) {
            final JobTypes instance = random(units, types, 1, 0.08, 0.5, types);
            row("CG D=1", types, MaxSupportableWorkload.solve(instance, unit));
            row("enumeration D=1", types, MaxSupportableWorkload.enumerate(instance, unit));
        }
    }


    private static JobTypes random(final Units units, final int types, final int dimensions, final double low,
                                   final double high, final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[][] sizes = new double[types][dimensions];
        final double[] weights = new double[types];
        for (int j = 0; j < types; j++) {
            for (int d = 0; d < dimensions; d++) {
                sizes[j][d] = low + (high - low) * random.nextDouble();
            }
            weights[j] = 0.1 + random.nextDouble();
        }
        return JobTypes.of(units, sizes, weights);
    }

    private static void header() {
        System.out.printf(Locale.ROOT, "%-16s %5s %14s %10s %8s %6s %4s %6s %12s %6s %10s %10s %10s%n", "method", "types",
            "rho*", "gap", "columns", "LPs", "fb", "pric.", "nodes", "trunc", "LP ms", "pric. ms", "wall ms");
    }

    private static void row(final String method, final int types, final CapacityResult r) {
        System.out.printf(Locale.ROOT, "%-16s %5d %14.6f %10.1e %8d %6d %4d %6d %12d %6d %10.1f %10.1f %10.1f%n", method,
            types, r.rho(), r.gap(), r.columns(), r.lpSolves(), r.lpFallbacks(), r.pricingCalls(), r.pricingNodes(),
            r.pricingTruncations(), r.lpNanos() / 1e6, r.pricingNanos() / 1e6, r.wallNanos() / 1e6);
    }
}
