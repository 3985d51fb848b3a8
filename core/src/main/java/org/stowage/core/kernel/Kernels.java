package org.stowage.core.kernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.kernel.reference.NaiveBestFitJobs;
import org.stowage.core.kernel.reference.NaiveBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveBestFitServers;
import org.stowage.core.kernel.reference.NaiveFifoFirstFit;

/**
 * The kernels by their command-line names. Each indexed kernel {@code X} has a naive reference twin
 * {@code X-naive} that makes the same decisions by linear scans.
 */
public final class Kernels {
    private static final Map<String, SchedulerFactory> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("BF-J", BestFitJobs::new);
        BY_NAME.put("BF-S", BestFitServers::new);
        BY_NAME.put("BF-J/S", BestFitJobsServers::new);
        BY_NAME.put("FIFO-FF", FifoFirstFit::new);
        BY_NAME.put("BF-J-naive", NaiveBestFitJobs::new);
        BY_NAME.put("BF-S-naive", NaiveBestFitServers::new);
        BY_NAME.put("BF-J/S-naive", NaiveBestFitJobsServers::new);
        BY_NAME.put("FIFO-FF-naive", NaiveFifoFirstFit::new);
    }

    private Kernels() {
    }

    /** Every known name, in a stable order. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(BY_NAME.keySet());
    }

    /**
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static SchedulerFactory byName(final String name) {
        final SchedulerFactory factory = BY_NAME.get(name);
        if (factory == null) {
            throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                + String.join(", ", BY_NAME.keySet()));
        }
        return factory;
    }

    /** The name of the naive twin of an indexed kernel. */
    public static String twinOf(final String name) {
        return name + "-naive";
    }
}
