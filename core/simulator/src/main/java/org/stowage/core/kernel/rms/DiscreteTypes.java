package org.stowage.core.kernel.rms;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerView;

/**
 * The discrete job types an RMS kernel serves, read from its model when it attaches: each type's exact size
 * packed for fit tests ({@code size[j * D + d]}, units) and its mean service for dummies. Fit tests are
 * O(D) and allocate nothing. Immutable.
 */
final class DiscreteTypes {
    final JobClasses classes;
    final int count;
    final int dimensions;
    private final int[] size;

    private DiscreteTypes(final JobClasses classes, final int dimensions) {
        this.classes = classes;
        this.count = classes.count();
        this.dimensions = dimensions;
        this.size = new int[count * dimensions];
        for (int j = 0; j < count; j++) {
            for (int d = 0; d < dimensions; d++) {
                size[j * dimensions + d] = classes.exactSize(j, d);
            }
        }
    }

    /**
     * @throws IllegalArgumentException naming {@code kernel} when the model's classes are not discrete types,
     *                                  or the simulation is not in continuous time (the clocks are Poisson)
     */
    static DiscreteTypes of(final String kernel, final Model model, final int dimensions, final TimeMode mode) {
        if (mode != TimeMode.CONTINUOUS) {
            throw new IllegalArgumentException(kernel + " runs in continuous time only (its clocks are Poisson"
                + " processes); the time mode is " + mode);
        }
        final JobClasses classes = model.jobClasses();
        if (!classes.allExact()) {
            throw new IllegalArgumentException(kernel + " needs discrete job types (every class of one exact size)"
                + " in its model; got " + classes);
        }
        return new DiscreteTypes(classes, dimensions);
    }

    /** The packed sizes, for {@link ServerView#bestFitOfSize}: type {@code j} starts at {@code j * D}. */
    int[] packedSizes() {
        return size;
    }

    /** Does type {@code type} fit in {@code server}'s residual now? */
    boolean fitsNow(final ServerView servers, final int type, final int server) {
        final int base = type * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (size[base + d] > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** Does type {@code type} fit in {@code server} when it is empty? */
    boolean fitsEmpty(final ServerView servers, final int type, final int server) {
        final int base = type * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (size[base + d] > servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** A dummy's service: Exp with the type's mean service (Remark 2), one draw from {@code stream}. */
    double dummyService(final int type, final RandomGenerator stream) {
        return stream.nextExponential() * classes.meanService(type);
    }
}
