package org.stowage.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.bestfit.BestFitJobs;
import org.stowage.core.kernel.bestfit.FifoFirstFit;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * A kernel built in code, declared by no family, runs through {@link Experiments#run} exactly as the
 * registry's kernel it wraps; its parameters are parsed against its own definition.
 */
class KernelInCodeRunTest {
    private static final Units UNITS = Units.defaults();

    /** First fit under a name the registry does not know; {@code bestfit=true} makes it BF-J. */
    private static final KernelDefinition IN_CODE = KernelDefinition.kernel("FF-IN-CODE")
        .summary("first fit, or best fit, declared in a test").paper("none")
        .parameter(KernelParameter.flag("bestfit", "place on the best-fit server"))
        .configured(parsed -> parsed.flag("bestfit") ? model -> new BestFitJobs() : model -> new FifoFirstFit())
        .build();

    private static RunSpec spec() {
        final int[] capacities = new int[4];
        Arrays.fill(capacities, UNITS.capacityUnits(1.0));
        final SizeDistribution sizes = SizeDistribution.uniform(UNITS, 0.1, 0.7);
        final ServiceDistribution service = ServiceDistribution.geometric(20);
        final double lambda = SyntheticWorkload.lambdaForIntensity(0.9, 4, service.mean(), sizes.mean(0));
        return new RunSpec("BF-J", 1, capacities, seed -> new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes,
            service, seed), TimeMode.SLOTTED, 20_000, 2_000, 7, 100);
    }

    @Test
    void aDefinitionInCodeRunsAsTheRegistrysKernelItWraps() {
        assertTrue(!Kernels.names().contains(IN_CODE.name()), "not registered");
        assertSameRun(Experiments.run(spec().withScheduler("FIFO-FF")), Experiments.run(spec().withKernel(IN_CODE)));
        final RunResult bestFit = Experiments.run(spec().withKernel(IN_CODE, "bestfit=true"));
        assertEquals("FF-IN-CODE:bestfit=true", bestFit.scheduler());
        assertSameRun(Experiments.run(spec().withScheduler("BF-J")), bestFit);
        assertEquals(IN_CODE, spec().withKernel(IN_CODE).definition());
        assertEquals("BF-J", spec().definition().name());
    }

    @Test
    void itsParametersAndNameAreChecked() {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> Experiments.run(spec().withKernel(IN_CODE, "J=3")));
        assertEquals("unknown parameter 'J' (value '3') for scheduler FF-IN-CODE; known: bestfit", unknown.getMessage());
        final RunSpec base = spec();
        final IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
            () -> new RunSpec("BF-J", 1, base.capacities(), base.workload(), base.timeMode(), base.horizon(),
                base.warmup(), base.seed(), base.seriesInterval(), null, false, IN_CODE));
        assertEquals("scheduler 'BF-J' does not name the kernel given, FF-IN-CODE", other.getMessage());
    }

    private static void assertSameRun(final RunResult expected, final RunResult actual) {
        final Map<String, Double> metrics = expected.metrics();
        assertEquals(metrics, actual.metrics());
        assertArrayEquals(expected.seriesMean(), actual.seriesMean());
        assertTrue(metrics.get("completed_total") > 1000, "the run means something: " + metrics);
    }
}
