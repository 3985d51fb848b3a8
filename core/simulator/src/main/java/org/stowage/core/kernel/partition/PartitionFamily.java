package org.stowage.core.kernel.partition;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.KernelParameters;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.partition.reference.NaiveVirtualQueues;

/** VQS and VQS-BF with stalling: Psychas and Ghaderi 2019, Sec. V, VI, VIII (docs/VQS.md). */
public final class PartitionFamily implements KernelFamily {
    private static final String STALL_EXPECTED = "a fraction in (0, 1] with at most " + StallFraction.MAX_DIGITS
        + " decimals, or false";

    @Override
    public String name() {
        return "partition";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final List<KernelDefinition> family = new ArrayList<>();
        final KernelRequirements requirements = KernelRequirements.singleResource().withPowerOfTwoCapacities();
        family.addAll(partitionKernel("VQS")
            .summary("2J virtual queues over the universal partition, a max-weight configuration of K_RED per"
                + " server renewed when it empties")
            .paper("2019 Sec. V-B")
            .cost("O(J + E) per decision, O(J + log L) per acting server, O(log L) per departure")
            .configured(parsed -> {
                final int levels = parsed.integer("J");
                final StallFraction stall = stallOf(parsed);
                return model -> new VirtualQueueScheduling(levels, stall);
            })
            .requirements(requirements)
            .withConfiguredTwin("VQS-naive", parsed -> {
                final int levels = parsed.integer("J");
                final String stall = stallTextOf(parsed);
                return model -> new NaiveVirtualQueues(false, levels, stall);
            }));
        family.addAll(partitionKernel("VQS-BF")
            .summary("VQS's queues and configurations; a server takes its configuration's largest fitting jobs,"
                + " then fills the rest by BF-S over all queues")
            .paper("2019 Sec. VI")
            .cost("O(J) per decision, O(log L + J) per acting server")
            .configured(parsed -> {
                final int levels = parsed.integer("J");
                final StallFraction stall = stallOf(parsed);
                return model -> new VirtualQueueBestFit(levels, stall);
            })
            .requirements(requirements)
            .withConfiguredTwin("VQS-BF-naive", parsed -> {
                final int levels = parsed.integer("J");
                final String stall = stallTextOf(parsed);
                return model -> new NaiveVirtualQueues(true, levels, stall);
            }));
        return family;
    }

    private static KernelDefinition.Builder partitionKernel(final String name) {
        return KernelDefinition.kernel(name)
            .parameter(KernelParameter.integer("J", "partition depth: jobs of at most 1/2^J share the last queue",
                UniversalPartition.MIN_LEVELS, UniversalPartition.MAX_LEVELS, PartitionScheduler.DEFAULT_LEVELS))
            .parameter(new KernelParameter("stall", "stall a server whose configuration weighs less than this"
                    + " fraction of the maximum weight (Sec. VIII)",
                STALL_EXPECTED, null, PartitionFamily::parseStall))
            .testVariants("J={J}", "J={J},stall={stall}");
    }

    private static Object parseStall(final String text) {
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        if (text.equals("true")) {
            throw new IllegalArgumentException("the partition kernels stall below a fraction of the maximum weight");
        }
        try {
            return StallFraction.parse(text);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(STALL_EXPECTED, e);
        }
    }

    private static StallFraction stallOf(final KernelParameters parsed) {
        return parsed.value("stall") instanceof StallFraction fraction ? fraction : null;
    }

    private static String stallTextOf(final KernelParameters parsed) {
        final StallFraction fraction = stallOf(parsed);
        return fraction == null ? null : fraction.toString();
    }
}
