package org.stowage.core.trace;

import org.stowage.core.Units;

/**
 * The 2018 paper's trace types (Psychas and Ghaderi 2018, Sec. VII-B2): "round up the resources to the
 * closest power 1/2^p with p taking values from 0 to 9 and then take the maximum out of the two", giving ten
 * types, each with its own queue.
 *
 * <p>A kept task of size {@code s} units (one resource: already the larger of CPU and memory; rounding up
 * is monotone, so rounding each resource and then taking the larger is the same) becomes type
 * {@code p} = the largest {@code p < P} with {@code s <= R / 2^p} (the smallest type that holds it), and its
 * size becomes exactly {@code R / 2^p} units, {@code R} the resolution. A size below
 * {@code 2^-(P-1)}, 0 included, is type {@code P - 1}. The comparison is on the units the simulator uses:
 * {@code R / 2^p} is a whole number of units (the resolution must be divisible by {@code 2^(P-1)}), and a
 * size's units are its request rounded up ({@link Units#sizeUnits}), so {@code s <= R / 2^p} holds exactly
 * when the request is at most {@code 2^-p} (up to the {@link Units} snap of 10<sup>-9</sup>).
 *
 * <p>Load-time only: one pass over the kept tasks, O(P) each.
 */
final class DyadicTypes {
    private DyadicTypes() {
    }

    /**
     * @throws IllegalArgumentException unless one resource and a resolution divisible by 2^(levels - 1)
     */
    static void check(final TraceOptions options) {
        final int levels = options.dyadicTypes();
        if (levels == 0) {
            return;
        }
        if (options.dimensions() != 1) {
            throw new IllegalArgumentException("dyadic types need one resource (the larger of CPU and memory): "
                + options.dimensions() + " resources");
        }
        final int resolution = options.units().resolution();
        if (resolution % (1 << (levels - 1)) != 0) {
            throw new IllegalArgumentException(levels + " dyadic types (sizes down to 2^-" + (levels - 1)
                + ") need a resolution divisible by 2^" + (levels - 1) + " so that each is a whole number of units: "
                + resolution + " (use e.g. " + TraceOptions.PAPER_2018_RESOLUTION + " = 2^20)");
        }
    }

    /** The type of a task of {@code sizeUnits}: the largest {@code p < levels} with {@code size <= R / 2^p}. */
    static int typeOf(final int sizeUnits, final int resolution, final int levels) {
        assert sizeUnits >= 0 && sizeUnits <= resolution : sizeUnits + " of " + resolution;
        for (int p = levels - 1; p > 0; p--) {
            if (sizeUnits <= resolution >> p) {
                return p;
            }
        }
        return 0;
    }

    /** The trace with every size rounded up to its type's and the types as job classes. */
    static LoadedTrace apply(final LoadedTrace trace, final int levels) {
        assert trace.dimensions() == 1;
        final int resolution = trace.units().resolution();
        final int n = trace.count();
        final long[] arrivals = new long[n];
        final long[] durations = new long[n];
        final int[] sizes = new int[n];
        final int[] classes = new int[n];
        for (int i = 0; i < n; i++) {
            final int type = typeOf(trace.size(i, 0), resolution, levels);
            arrivals[i] = trace.arrivalMicros(i);
            durations[i] = trace.durationMicros(i);
            sizes[i] = resolution >> type;
            classes[i] = type;
        }
        return new LoadedTrace(trace.format(), trace.units(), 1, arrivals, durations, sizes, new int[0],
            trace.summary()).withClasses(levels, classes);
    }
}
