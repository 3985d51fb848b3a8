package org.stowage.core.kernel.batch;

import java.util.Arrays;

/**
 * A minimal replay of a batch on one pooled resource, for checking the paper's hand-computed examples
 * without the engine: units (a job, or a job set) are started strictly in the order given, each when the
 * free capacity holds its total size (a unit that does not fit waits, and so do all after it); a job frees
 * its size when it completes, JCT later. Returns each job's completion time. Test code only.
 */
final class PooledReplay {
    private PooledReplay() {
    }

    static double[] completions(final double[] jct, final int[] sizes, final long capacity, final int[][] units) {
        final double[] done = new double[jct.length];
        final double[] running = new double[jct.length];
        Arrays.fill(running, Double.NaN);
        long free = capacity;
        double now = 0;
        int next = 0;
        while (true) {
            while (next < units.length && demand(units[next], sizes) <= free) {
                for (final int job : units[next]) {
                    running[job] = now + jct[job];
                    free -= sizes[job];
                }
                next++;
            }
            double earliest = Double.POSITIVE_INFINITY;
            for (final double end : running) {
                if (!Double.isNaN(end)) {
                    earliest = Math.min(earliest, end);
                }
            }
            if (earliest == Double.POSITIVE_INFINITY) {
                if (next < units.length) {
                    throw new IllegalStateException("unit " + next + " never fits");
                }
                return done;
            }
            now = earliest;
            for (int job = 0; job < running.length; job++) {
                if (running[job] == earliest) {
                    done[job] = earliest;
                    running[job] = Double.NaN;
                    free += sizes[job];
                }
            }
        }
    }

    private static long demand(final int[] unit, final int[] sizes) {
        long total = 0;
        for (final int job : unit) {
            total += sizes[job];
        }
        return total;
    }
}
