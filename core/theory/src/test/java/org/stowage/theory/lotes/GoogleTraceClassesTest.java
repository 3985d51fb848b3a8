package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.testing.SharedTraces;
import org.stowage.core.trace.GoogleRule;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.Traces;
import org.stowage.core.workload.Clusters;

/**
 * Table 2 from our sample of the Google 2011 trace: k-means (k = 4) on the first 4 hours, under both trace
 * rules and every scaling, then LoTES's offline stages on Table 1's cluster with those classes. Prints the
 * class means, the bins per configuration and the times (docs/LOTES.md quotes them). Skips with the path
 * tried when ../shared/traces is absent.
 */
class GoogleTraceClassesTest {
    private static final Units UNITS = Units.defaults();

    @Test
    void classMeansOfTheFirstFourHoursAndTheirPlanOnTableOne() {
        final Path events = SharedTraces.googleTaskEvents();
        assumeTrue(events != null, "real trace not found, skipped: " + SharedTraces.folder()
            + "/google-2011/task_events (set -D" + SharedTraces.PROPERTY + "=DIR)");
        final LotesInstance.MachineGroups machines = LotesInstance.configurationsOf(Clusters.google2011(UNITS));
        for (final GoogleRule rule : GoogleRule.values()) {
            final LoadedTrace trace = Traces.load("google2011:" + events,
                TraceOptions.defaults().withDimensions(2).withGoogleRule(rule));
            for (final JobClustering.Scaling scaling : JobClustering.Scaling.values()) {
                final JobClustering.Options options = JobClustering.Options.defaults().withScaling(scaling);
                final long start = System.nanoTime();
                final KMeansClasses classes = JobClustering.fit(trace, options);
                final long fitNanos = System.nanoTime() - start;
                final LoadedTrace labelled = classes.label(trace);
                final int[] all = new int[classes.count()];
                for (int i = 0; i < labelled.count(); i++) {
                    all[labelled.jobClass(i)]++;
                }
                System.out.printf("%n%s rule, %s scaling: %,d training jobs of %,d, k-means %.2f s%n%s", rule, scaling,
                    classes.trainingJobs(), trace.count(), fitNanos / 1e9, classes.table());
                System.out.printf("%-12s", "whole trace");
                for (int k = 0; k < classes.count(); k++) {
                    System.out.printf("%10.4f", (double) all[k] / labelled.count());
                }
                System.out.println();
                assertEquals(4, classes.count());
                double sum = 0;
                for (int k = 0; k < classes.count(); k++) {
                    assertTrue(classes.trainingJobs(k) > 0);
                    sum += classes.proportion(k);
                }
                assertEquals(1.0, sum, 1e-12);
                assertTrue(labelled.hasClasses());
                final LotesSolution solution = LotesPlanner.plan(classes.instance(UNITS, machines, 1.0));
                System.out.print(solution.report());
                assertTrue(solution.totalNanos() < 60e9, "the paper: under a minute");
                assertTrue(solution.plan().roundedLambda() <= solution.plan().lambdaStar() * (1 + 1e-6));
            }
        }
    }
}
