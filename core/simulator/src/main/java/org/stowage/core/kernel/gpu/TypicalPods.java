package org.stowage.core.kernel.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.state.DeviceDemand;

/**
 * The "typical pods" of a workload, which weigh the fragmentation measure of Weng et al. (ATC'23, Sec. 4;
 * the artifact's {@code GetTypicalPods} in {@code pkg/utils/frag.go}): the pod shapes (CPU, GPU milli per GPU,
 * GPU count, GPU-model constraint) of the workload, most frequent first, cut once they cover
 * {@value #POPULARITY_PERCENT}% of its pods, each weighted by its count. A plan
 * ({@link org.stowage.core.model.Model#plan}): made once from the workload, before the run, and read by FGD
 * and by the fragmentation metrics.
 *
 * <h2>The artifact's rule, exactly</h2>
 * Shapes are keyed by (CPU milli, milli-GPU per GPU, GPU count, the {@code gpu_spec} text); memory is not
 * part of a shape. Sorted by decreasing count; ties by the artifact's stabilising order reversed: larger
 * CPU first, then larger GPU milli, larger GPU count, larger spec text. Shapes are taken one at a time
 * (its {@code podIncreaseStep} 1) while the cumulated count is below 95% of all pods (its
 * {@code podPopularityThreshold}; CPU-only pods included, no GPU weight: the experiments' settings). A
 * shape's weight is its count; its probability count / (cumulated count of the kept shapes), which the
 * artifact computes in floating point and which is kept here as the exact integers, so the measure is
 * exact ({@link Fragmentation}).
 *
 * <p>Immutable; O(shapes) memory.
 */
public final class TypicalPods {
    /** The share of pods the kept shapes cover, in percent (the artifact's podPopularityThreshold). */
    public static final int POPULARITY_PERCENT = 95;

    private final int[] cpu;
    private final int[] demand;
    private final long[] weight;
    private final String[] spec;
    private final long totalWeight;

    private TypicalPods(final int[] cpu, final int[] demand, final long[] weight, final String[] spec) {
        this.cpu = cpu;
        this.demand = demand;
        this.weight = weight;
        this.spec = spec;
        long total = 0;
        for (final long w : weight) {
            if (w <= 0) {
                throw new IllegalArgumentException("typical pod weights must be > 0: " + Arrays.toString(weight));
            }
            total += w;
        }
        if (cpu.length == 0) {
            throw new IllegalArgumentException("at least one typical pod");
        }
        this.totalWeight = total;
    }

    /**
     * The typical pods of a workload: pod {@code i} asks for {@code cpu[i]} (the units of resource 0) and
     * device demand {@code demand[i]}, with constraint text {@code spec[i]} (the key the artifact uses;
     * pods whose texts differ are different shapes even if they allow the same models).
     */
    public static TypicalPods of(final int[] cpu, final int[] demand, final String[] spec) {
        if (cpu.length != demand.length || cpu.length != spec.length || cpu.length == 0) {
            throw new IllegalArgumentException("one CPU, demand and spec per pod, at least one pod: " + cpu.length
                + ", " + demand.length + ", " + spec.length);
        }
        final Map<Shape, long[]> counts = new HashMap<>();
        for (int i = 0; i < cpu.length; i++) {
            final int d = demand[i];
            final Shape shape = new Shape(cpu[i], DeviceDemand.units(d), DeviceDemand.count(d), spec[i],
                DeviceDemand.models(d));
            counts.computeIfAbsent(shape, k -> new long[1])[0]++;
        }
        final List<Map.Entry<Shape, long[]>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort((a, b) -> {
            final int byCount = Long.compare(b.getValue()[0], a.getValue()[0]);
            return byCount != 0 ? byCount : b.getKey().compareTo(a.getKey());
        });
        final double expected = POPULARITY_PERCENT * (double) cpu.length / 100.0;
        long cumulated = 0;
        int kept = 0;
        while (cumulated < expected && kept < sorted.size()) {
            cumulated += sorted.get(kept).getValue()[0];
            kept++;
        }
        final int[] cpus = new int[kept];
        final int[] demands = new int[kept];
        final long[] weights = new long[kept];
        final String[] specs = new String[kept];
        for (int k = 0; k < kept; k++) {
            final Shape shape = sorted.get(k).getKey();
            cpus[k] = shape.cpu;
            demands[k] = shape.count == 0 ? DeviceDemand.NONE : DeviceDemand.of(shape.count, shape.milli, shape.models);
            weights[k] = sorted.get(k).getValue()[0];
            specs[k] = shape.spec;
        }
        return new TypicalPods(cpus, demands, weights, specs);
    }

    /** Typical pods given directly (tests, and workloads described by their shapes): weights are counts. */
    public static TypicalPods weighted(final int[] cpu, final int[] demand, final long[] weight) {
        final String[] specs = new String[cpu.length];
        Arrays.fill(specs, "");
        return new TypicalPods(cpu.clone(), demand.clone(), weight.clone(), specs);
    }

    /** Number of shapes kept. */
    public int count() {
        return cpu.length;
    }

    /** CPU of shape {@code k}, in the units of resource 0. */
    public int cpu(final int k) {
        return cpu[k];
    }

    /** Device demand of shape {@code k} ({@link DeviceDemand}; {@link DeviceDemand#NONE} for CPU-only). */
    public int demand(final int k) {
        return demand[k];
    }

    /** The weight (count) of shape {@code k}. */
    public long weight(final int k) {
        return weight[k];
    }

    /** The constraint text of shape {@code k} (empty for none). */
    public String spec(final int k) {
        return spec[k];
    }

    /** Sum of the weights: the denominator of every probability. */
    public long totalWeight() {
        return totalWeight;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof TypicalPods that && Arrays.equals(cpu, that.cpu) && Arrays.equals(demand, that.demand)
            && Arrays.equals(weight, that.weight) && Arrays.equals(spec, that.spec);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cpu) * 31 + Arrays.hashCode(weight);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("TypicalPods[" + count() + " shapes, weight " + totalWeight);
        for (int k = 0; k < Math.min(count(), 5); k++) {
            text.append(k == 0 ? ": " : ", ").append(cpu[k]).append('m').append(' ')
                .append(DeviceDemand.count(demand[k])).append('x').append(DeviceDemand.units(demand[k]))
                .append(spec[k].isEmpty() ? "" : " " + spec[k]).append(" (").append(weight[k]).append(')');
        }
        return text.append(count() > 5 ? ", ...]" : "]").toString();
    }

    /** A shape as the artifact keys it; ordered as its {@code PodResource.Less}. */
    private record Shape(int cpu, int milli, int count, String spec, int models) implements Comparable<Shape> {
        @Override
        public int compareTo(final Shape other) {
            if (cpu != other.cpu) {
                return Integer.compare(cpu, other.cpu);
            }
            if (milli != other.milli) {
                return Integer.compare(milli, other.milli);
            }
            if (count != other.count) {
                return Integer.compare(count, other.count);
            }
            return spec.compareTo(other.spec);
        }

        @Override
        public boolean equals(final Object o) {
            return o instanceof Shape s && cpu == s.cpu && milli == s.milli && count == s.count && spec.equals(s.spec);
        }

        @Override
        public int hashCode() {
            return ((cpu * 31 + milli) * 31 + count) * 31 + spec.hashCode();
        }
    }
}
