package org.stowage.core.gpu;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.Seeds;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.trace.OpenbTrace;

/**
 * The order in which the pods of an openb pod list arrive in one experiment of the FGD evaluation: the
 * artifact's {@code SortClusterPods} with {@code shufflePod} (pods sorted by name, then shuffled) followed by
 * {@code TunePodsByNodeTotalResource} (pods removed at random, or appended by sampling, until the pods' GPU
 * requests reach {@code ratio} times the cluster's GPU capacity; 1.3 in every experiment of the paper).
 *
 * <h2>The artifact's rule, and where ours is our own</h2>
 * <ul>
 *   <li>Shuffle: the pods sorted by name, then a Fisher-Yates shuffle.</li>
 *   <li>Tuning down, when the pods ask for more than the target: a pod drawn uniformly from the current
 *       sequence is removed, until the total is at most the target.</li>
 *   <li>Tuning up, when they ask for less: a pod drawn uniformly from the pod list (sorted by name) is
 *       appended after the shuffled ones, until the next draw would pass the target. As in the artifact, the
 *       test adds the drawn pod's milli-GPU <em>per GPU</em> ({@code podRes.MilliGpu}) while the total grows by
 *       its whole request, so a multi-GPU draw can pass the target by up to 7000 milli, and a CPU-only draw
 *       never stops the tuning; kept as the artifact does it.</li>
 *   <li>Randomness: the artifact draws from Go's global {@code math/rand} seeded with the experiment's seed
 *       (42 to 51), which no Java generator reproduces; here the shuffle and the tuning draw from two
 *       streams of their own ({@link Seeds#generator}, purposes {@value #SHUFFLE_STREAM} and
 *       {@value #TUNING_STREAM}) under the experiment's seed. Seeds 42 to 51 here are therefore ten
 *       independent experiments, not the artifact's ten.</li>
 * </ul>
 * Names compare as Go's strings do (bytewise; the pod names are ASCII). Immutable.
 */
public final class PodSequence {
    /** The ratio of the paper's experiments: pods ask for 1.3 times the cluster's GPUs. */
    public static final double PAPER_RATIO = 1.3;
    static final int SHUFFLE_STREAM = 21;
    static final int TUNING_STREAM = 22;

    private final int[] pods;
    private final long requestedMilli;
    private final long targetMilli;

    private PodSequence(final int[] pods, final long requestedMilli, final long targetMilli) {
        this.pods = pods;
        this.requestedMilli = requestedMilli;
        this.targetMilli = targetMilli;
    }

    /**
     * The sequence of experiment {@code seed}: {@code trace}'s pods shuffled, tuned to {@code ratio} times
     * the GPU milli of its nodes ({@code ratio} &lt;= 0: no tuning).
     */
    public static PodSequence of(final OpenbTrace trace, final double ratio, final long seed) {
        final Integer[] boxed = new Integer[trace.podCount()];
        for (int p = 0; p < boxed.length; p++) {
            boxed[p] = p;
        }
        Arrays.sort(boxed, (a, b) -> trace.podName(a).compareTo(trace.podName(b)));
        final int[] byName = new int[boxed.length];
        for (int p = 0; p < byName.length; p++) {
            byName[p] = boxed[p];
        }
        final int[] shuffled = byName.clone();
        final RandomGenerator shuffle = Seeds.generator(seed, SHUFFLE_STREAM);
        for (int i = shuffled.length - 1; i > 0; i--) {
            final int j = shuffle.nextInt(i + 1);
            final int swap = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = swap;
        }
        long total = 0;
        for (final int pod : shuffled) {
            total += trace.podGpuMilli(pod);
        }
        if (ratio > 0 && total == 0) {
            throw new IllegalArgumentException("the pods of " + trace.podFile() + " ask for no GPU, so they cannot be"
                + " tuned to " + ratio + " times the cluster's GPUs");
        }
        final long capacity = (long) trace.totalGpus() * OpenbTrace.MILLI_PER_GPU;
        final double target = ratio * (double) capacity;
        if (ratio <= 0 || total == target) {
            return new PodSequence(shuffled, total, (long) target);
        }
        final RandomGenerator tuning = Seeds.generator(seed, TUNING_STREAM);
        int[] sequence = shuffled;
        int length = sequence.length;
        if (total > target) {
            while (total > target) {
                if (length == 0) {
                    throw new IllegalStateException("no pods left while tuning down to " + target);
                }
                final int index = tuning.nextInt(length);
                total -= trace.podGpuMilli(sequence[index]);
                System.arraycopy(sequence, index + 1, sequence, index, length - index - 1);
                length--;
            }
            return new PodSequence(Arrays.copyOf(sequence, length), total, (long) target);
        }
        while (true) {
            final int pod = byName[tuning.nextInt(byName.length)];
            final int perGpu = DeviceDemand.units(trace.podDemand(pod));
            if ((double) (total + perGpu) > target) {
                break;
            }
            total += trace.podGpuMilli(pod);
            if (length == sequence.length) {
                sequence = Arrays.copyOf(sequence, Math.max(16, 2 * length));
            }
            sequence[length++] = pod;
        }
        return new PodSequence(Arrays.copyOf(sequence, length), total, (long) target);
    }

    /** Number of pods that arrive. */
    public int length() {
        return pods.length;
    }

    /** The trace index of the {@code i}-th pod to arrive. */
    public int pod(final int i) {
        return pods[i];
    }

    /** GPU milli the sequence's pods ask for together. */
    public long requestedMilli() {
        return requestedMilli;
    }

    /** The tuning's target, ratio x the cluster's GPU milli (truncated). */
    public long targetMilli() {
        return targetMilli;
    }
}
