package org.stowage.core.kernel.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.state.DeviceDemand;

/**
 * {@link Fragmentation#weighted} rearranged for speed, with the same exact value. A shape that asks for no
 * GPU, or cannot run on the node, counts all of the node's free milli R; one that can run there (the node's
 * model allowed, its CPU at most the node's free CPU, at least k GPUs each with m free) counts only the
 * free milli of the GPUs with less than m free, R - S(m) where S(m) is the free milli of the GPUs with m or
 * more. So, with W the total weight,
 * <pre>
 *   weighted = R W - sum over shapes t that can run there of w_t S(m_t).
 * </pre>
 * The GPU shapes are grouped by (m, k, allowed models); within a group the condition on the GPUs is one
 * test, and the weight of the shapes whose CPU fits is a prefix sum over the group's CPUs, sorted. O(groups
 * x G) per node instead of O(shapes x G); no allocation. Immutable.
 */
public final class FragmentationProfile {
    private final long totalWeight;
    private final int[] milli;
    private final int[] count;
    private final int[] models;
    /** Shapes of group g: cpus[first[g] .. first[g + 1]) ascending, prefix[i] = weight of the first ones. */
    private final int[] first;
    private final int[] cpus;
    private final long[] prefix;

    public FragmentationProfile(final TypicalPods pods) {
        this.totalWeight = pods.totalWeight();
        final List<int[]> groups = new ArrayList<>();
        final List<List<long[]>> members = new ArrayList<>();
        for (int t = 0; t < pods.count(); t++) {
            final int demand = pods.demand(t);
            if (DeviceDemand.count(demand) == 0) {
                continue;
            }
            final int[] key = {DeviceDemand.units(demand), DeviceDemand.count(demand), DeviceDemand.models(demand)};
            int g = 0;
            while (g < groups.size() && !Arrays.equals(groups.get(g), key)) {
                g++;
            }
            if (g == groups.size()) {
                groups.add(key);
                members.add(new ArrayList<>());
            }
            members.get(g).add(new long[] {pods.cpu(t), pods.weight(t)});
        }
        final int n = groups.size();
        milli = new int[n];
        count = new int[n];
        models = new int[n];
        first = new int[n + 1];
        int shapes = 0;
        for (final List<long[]> group : members) {
            shapes += group.size();
        }
        cpus = new int[shapes];
        prefix = new long[shapes];
        int at = 0;
        for (int g = 0; g < n; g++) {
            milli[g] = groups.get(g)[0];
            count[g] = groups.get(g)[1];
            models[g] = groups.get(g)[2];
            first[g] = at;
            final List<long[]> group = members.get(g);
            group.sort((a, b) -> Long.compare(a[0], b[0]));
            long sum = 0;
            for (final long[] shape : group) {
                cpus[at] = (int) shape[0];
                sum += shape[1];
                prefix[at] = sum;
                at++;
            }
        }
        first[n] = at;
    }

    /** {@link Fragmentation#weighted} of the same node (residuals in any order), exactly. */
    public long weighted(final int cpuLeft, final int model, final int[] residual, final int from, final int gpus) {
        long idle = 0;
        for (int i = from; i < from + gpus; i++) {
            idle += residual[i];
        }
        if (idle == 0) {
            return 0;
        }
        long usable = 0;
        for (int g = 0; g < milli.length; g++) {
            if (model < 0 || (models[g] >>> model & 1) == 0 || cpus[first[g]] > cpuLeft) {
                continue;
            }
            final int m = milli[g];
            int holding = 0;
            long above = 0;
            for (int i = from; i < from + gpus; i++) {
                final int r = residual[i];
                if (r >= m) {
                    holding++;
                    above += r;
                }
            }
            if (holding >= count[g]) {
                usable += above * weightUpTo(g, cpuLeft);
            }
        }
        return idle * totalWeight - usable;
    }

    /** Weight of the shapes of group g with CPU at most {@code cpuLeft} (at least the first one's). */
    private long weightUpTo(final int g, final int cpuLeft) {
        int low = first[g];
        int high = first[g + 1] - 1;
        while (low < high) {
            final int mid = (low + high + 1) >>> 1;
            if (cpus[mid] <= cpuLeft) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return prefix[low];
    }

    /** Number of groups (for tests and descriptions). */
    public int groups() {
        return milli.length;
    }
}
