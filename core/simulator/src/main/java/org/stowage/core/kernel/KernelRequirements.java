package org.stowage.core.kernel;

import java.util.EnumSet;
import java.util.Set;

import org.stowage.core.engine.TimeMode;

/**
 * What a kernel needs from a simulation, so that the CLI can refuse a run up front and the generic checks
 * (differential, allocation, benchmark smoke) build only scenarios the kernel is defined for.
 *
 * @param maxDimensions        most resources it handles (1 for the one-resource kernels)
 * @param timeModes            time modes it is defined for
 * @param powerOfTwoCapacities server capacities must be the largest / 2^e (the partition kernels)
 * @param discreteTypes        the model must list job types of fixed size (RMS: dummy jobs, per-type clocks)
 * @param planType             the class of the precomputed plan it reads from its model, or null
 * @param batch                made for batches (DJSF): it plans whole queues at once, so on an endless online
 *                             stream it may keep a bounded queue only at lighter loads than other kernels; the
 *                             steady-state checks run it at a lighter load
 * @param devices              made for clusters whose servers carry devices (GPUs) that jobs ask for
 *                             ({@link org.stowage.core.state.DeviceTable}): resource 0 is CPU in milli-cores,
 *                             and the generic checks build GPU clusters and pods for it
 */
public record KernelRequirements(int maxDimensions, Set<TimeMode> timeModes, boolean powerOfTwoCapacities,
                                 boolean discreteTypes, Class<?> planType, boolean batch, boolean devices) {
    public KernelRequirements {
        timeModes = Set.copyOf(timeModes);
        if (maxDimensions < 1 || timeModes.isEmpty()) {
            throw new IllegalArgumentException("a kernel needs at least one resource and one time mode");
        }
    }

    /** Requirements of a kernel that is not {@link #batch} and needs no devices. */
    public KernelRequirements(final int maxDimensions, final Set<TimeMode> timeModes,
                              final boolean powerOfTwoCapacities, final boolean discreteTypes, final Class<?> planType) {
        this(maxDimensions, timeModes, powerOfTwoCapacities, discreteTypes, planType, false, false);
    }

    /** Requirements of a kernel that needs no devices. */
    public KernelRequirements(final int maxDimensions, final Set<TimeMode> timeModes,
                              final boolean powerOfTwoCapacities, final boolean discreteTypes, final Class<?> planType,
                              final boolean batch) {
        this(maxDimensions, timeModes, powerOfTwoCapacities, discreteTypes, planType, batch, false);
    }

    /** Any number of resources, both time modes, any cluster. */
    public static KernelRequirements any() {
        return new KernelRequirements(org.stowage.core.Units.MAX_DIMENSIONS, EnumSet.allOf(TimeMode.class), false,
            false, null);
    }

    /** One resource, both time modes, any cluster. */
    public static KernelRequirements singleResource() {
        return new KernelRequirements(1, EnumSet.allOf(TimeMode.class), false, false, null);
    }

    public KernelRequirements withPowerOfTwoCapacities() {
        return new KernelRequirements(maxDimensions, timeModes, true, discreteTypes, planType, batch, devices);
    }

    public KernelRequirements withDiscreteTypes() {
        return new KernelRequirements(maxDimensions, timeModes, powerOfTwoCapacities, true, planType, batch, devices);
    }

    public KernelRequirements withTimeModes(final TimeMode first, final TimeMode... rest) {
        return new KernelRequirements(maxDimensions, EnumSet.of(first, rest), powerOfTwoCapacities, discreteTypes,
            planType, batch, devices);
    }

    public KernelRequirements withPlan(final Class<?> type) {
        return new KernelRequirements(maxDimensions, timeModes, powerOfTwoCapacities, discreteTypes, type, batch, devices);
    }

    public KernelRequirements withBatch() {
        return new KernelRequirements(maxDimensions, timeModes, powerOfTwoCapacities, discreteTypes, planType, true,
            devices);
    }

    /** The same, for servers with devices (GPUs) and jobs that ask for them. */
    public KernelRequirements withDevices() {
        return new KernelRequirements(maxDimensions, timeModes, powerOfTwoCapacities, discreteTypes, planType, batch,
            true);
    }
}
