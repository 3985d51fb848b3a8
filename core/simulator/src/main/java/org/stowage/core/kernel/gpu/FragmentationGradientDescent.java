package org.stowage.core.kernel.gpu;

import java.util.Arrays;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerView;

/**
 * FGD, Fragmentation Gradient Descent (Weng et al., ATC'23, Alg. 1; the artifact's {@code fgd_score.go} with
 * {@code gpusel FGDScore}): the pod goes to the feasible node, and for a GPU fraction the GPU, whose
 * fragmentation ({@link Fragmentation}, weighed by the workload's {@link TypicalPods}) grows least: score
 * {@link Fragmentation#score}(before, after), ties to the lowest rank; for a fraction, the first GPU (lowest
 * index) of the best score; whole GPUs are the lowest-index free ones. The typical pods come from the model
 * ({@code model.plan(TypicalPods.class)}).
 *
 * <h2>Index: nodes in identical states share one score</h2>
 * A node's score for a pod depends only on its state: its GPU model, its free CPU and memory (and any other
 * resource), and the multiset of its GPUs' free milli. Nodes are kept in <em>state classes</em> (a hash table
 * from the state, GPU residuals sorted, to a class), and each class keeps its members as a bit set over their
 * ranks (the lowest rank, the tie winner, cached). Pods are interned into <em>pod types</em> (their size
 * vector and GPU demand), and each type keeps the list of live classes where it fits. A class's score for a
 * type is computed once, when first asked, and kept until the class dies (its last member leaves it); a
 * class's own fragmentation is computed once, when it is made ({@link FragmentationProfile}). A placement or
 * a departure changes one node's state: it moves from its class to the class of its new state, O(G + D +
 * types), plus one fragmentation for a new class. A pod's decision scans the classes where its type fits, at
 * most one per node and usually far fewer (the openb cluster starts as 15 classes of 1213 nodes, and full
 * nodes drop out of the GPU pods' lists), reading one cached score each; the naive twin recomputes every
 * node's fragmentation, twice or more, for every pod.
 *
 * <p>Cost per pod: O(F) for F live classes where it fits, plus, for each of them not yet scored for the
 * pod's type, one score (O(groups x G) per distinct GPU option). Memory: O(L (D + G)) for the classes and
 * three ints per live class and pod type, grown when a new pod type appears. Allocation-free once every pod
 * type has been seen.
 */
public final class FragmentationGradientDescent extends GpuKernel {
    private static final int UNKNOWN = Integer.MIN_VALUE;
    private static final int INFEASIBLE = -1;
    private static final int EMPTY = -1;

    private TypicalPods typical;
    private FragmentationProfile profile;
    private long totalWeight;
    private int unitsPerDevice;

    /** Ints per state key: model, GPU count, the D residuals, then up to 16 GPU residuals sorted descending. */
    private int keyInts;
    private int residualBase;
    private int[] classKey;
    private int[] classHash;
    private int[] memberCount;
    private long[] memberBits;
    private int words;
    private int[] minRank;
    private long[] before;
    private int[] alive;
    private int[] alivePos;
    private int aliveCount;
    private int[] freeClasses;
    private int freeCount;
    private int[] classSlots;
    private int classMask;
    private int[] classOf;
    private int[] nodeOfRank;

    /** Pod types: D sizes then the demand, per type. */
    private int typeInts;
    private int typeCount;
    private int typeCapacity;
    private int[] typeKey;
    private int[] typeSlots;
    private int typeMask;
    /** score of class c for type t at scores[t * L + c]. */
    private int[] scores;
    /** The live classes where type t fits: feasible[t * L .. t * L + feasibleCount[t]). */
    private int[] feasible;
    private int[] feasibleCount;
    /** Position of class c in type t's list at feasiblePos[t * L + c], or -1. */
    private int[] feasiblePos;

    private int[] scratchKey;
    private int[] scratchResidual;

    public FragmentationGradientDescent() {
        super("FGD");
    }

    @Override
    protected void onAttachGpu() {
        typical = context.model().plan(TypicalPods.class);
        profile = new FragmentationProfile(typical);
        totalWeight = typical.totalWeight();
        unitsPerDevice = devices.unitsPerDevice();
        residualBase = 2 + dimensions;
        keyInts = residualBase + DeviceTable.MAX_DEVICES_PER_SERVER;
        final int classes = serverCount;
        classKey = new int[classes * keyInts];
        classHash = new int[classes];
        memberCount = new int[classes];
        words = (serverCount + 63) >>> 6;
        memberBits = new long[classes * words];
        minRank = new int[classes];
        before = new long[classes];
        alive = new int[classes];
        alivePos = new int[classes];
        freeClasses = new int[classes];
        for (int c = classes - 1; c >= 0; c--) {
            freeClasses[freeCount++] = c;
        }
        int slots = 2;
        while (slots < 2 * classes) {
            slots <<= 1;
        }
        classSlots = new int[slots];
        Arrays.fill(classSlots, EMPTY);
        classMask = slots - 1;
        classOf = new int[serverCount];
        nodeOfRank = new int[serverCount];
        for (int s = 0; s < serverCount; s++) {
            nodeOfRank[rank[s]] = s;
        }
        typeInts = dimensions + 1;
        typeCapacity = 16;
        typeKey = new int[typeCapacity * typeInts];
        typeSlots = new int[2 * typeCapacity];
        Arrays.fill(typeSlots, EMPTY);
        typeMask = 2 * typeCapacity - 1;
        scores = new int[typeCapacity * serverCount];
        feasible = new int[typeCapacity * serverCount];
        feasibleCount = new int[typeCapacity];
        feasiblePos = new int[typeCapacity * serverCount];
        scratchKey = new int[keyInts];
        scratchResidual = new int[DeviceTable.MAX_DEVICES_PER_SERVER];
        for (int s = 0; s < serverCount; s++) {
            join(s);
        }
    }

    // ---- decisions ----

    @Override
    protected int select(final int job) {
        final int type = typeOf(job);
        final int row = type * serverCount;
        int bestScore = INFEASIBLE;
        int bestRank = Integer.MAX_VALUE;
        for (int i = row, end = row + feasibleCount[type]; i < end; i++) {
            final int c = feasible[i];
            int score = scores[row + c];
            if (score == UNKNOWN) {
                score = score(c, type);
                scores[row + c] = score;
            }
            if (score < bestScore) {
                continue;
            }
            final int lowest = lowestRank(c);
            if (score > bestScore || lowest < bestRank) {
                bestScore = score;
                bestRank = lowest;
            }
        }
        if (bestScore == INFEASIBLE) {
            return ServerView.NONE;
        }
        final int node = nodeOfRank[bestRank];
        chosenDevices = gpus(job, node);
        return node;
    }

    /** The GPUs of {@code node} for {@code job}: for a fraction the first GPU of the best score. */
    private int gpus(final int job, final int node) {
        final int demand = devices.demand(job);
        final int count = DeviceDemand.count(demand);
        final int units = DeviceDemand.units(demand);
        if (count != 1 || units == unitsPerDevice) {
            return devices.lowestFitting(demand, node);
        }
        final int gpus = devices.deviceCount(node);
        final int model = devices.model(node);
        final int cpuAfter = servers.residual(node, 0) - jobs.size(job, 0);
        final long now = before[classOf[node]];
        int best = -1;
        int bestScore = 0;
        for (int g = 0; g < gpus; g++) {
            if (devices.residual(node, g) < units) {
                continue;
            }
            for (int h = 0; h < gpus; h++) {
                scratchResidual[h] = devices.residual(node, h);
            }
            scratchResidual[g] -= units;
            final int score = Fragmentation.score(now, profile.weighted(cpuAfter, model, scratchResidual, 0, gpus),
                totalWeight);
            if (best == -1 || score > bestScore) {
                best = g;
                bestScore = score;
            }
        }
        return 1 << best;
    }

    /** Whether pod type {@code t} fits class {@code c}: its sizes, its model, enough GPUs with its milli free. */
    private boolean fits(final int c, final int t) {
        final int base = c * keyInts;
        final int tBase = t * typeInts;
        for (int d = 0; d < dimensions; d++) {
            if (typeKey[tBase + d] > classKey[base + 2 + d]) {
                return false;
            }
        }
        final int demand = typeKey[tBase + dimensions];
        final int count = DeviceDemand.count(demand);
        if (count == 0) {
            return true;
        }
        if (!DeviceDemand.allows(demand, classKey[base])) {
            return false;
        }
        final int gpus = classKey[base + 1];
        return count <= gpus && classKey[base + residualBase + count - 1] >= DeviceDemand.units(demand);
    }

    /** The score of class {@code c} for pod type {@code t}, which fits it. */
    private int score(final int c, final int t) {
        assert fits(c, t) : "type " + t + " does not fit class " + c;
        final int base = c * keyInts;
        final int tBase = t * typeInts;
        final int demand = typeKey[tBase + dimensions];
        final int model = classKey[base];
        final int gpus = classKey[base + 1];
        final int count = DeviceDemand.count(demand);
        final int units = DeviceDemand.units(demand);
        int holding = 0;
        if (count > 0) {
            while (holding < gpus && classKey[base + residualBase + holding] >= units) {
                holding++;
            }
        }
        final int cpuAfter = classKey[base + 2] - typeKey[tBase];
        final long now = before[c];
        System.arraycopy(classKey, base + residualBase, scratchResidual, 0, gpus);
        if (count == 1 && units < unitsPerDevice) {
            int best = UNKNOWN;
            int previous = -1;
            for (int i = 0; i < holding; i++) {
                final int value = classKey[base + residualBase + i];
                if (value == previous) {
                    continue;
                }
                previous = value;
                scratchResidual[i] -= units;
                best = Math.max(best, Fragmentation.score(now, profile.weighted(cpuAfter, model, scratchResidual, 0, gpus),
                    totalWeight));
                scratchResidual[i] += units;
            }
            return best;
        }
        // the artifact's Sub: the `count` least-free GPUs that hold the pod, the last of the sorted prefix
        for (int i = holding - count; i < holding; i++) {
            scratchResidual[i] -= units;
        }
        return Fragmentation.score(now, profile.weighted(cpuAfter, model, scratchResidual, 0, gpus), totalWeight);
    }

    private int lowestRank(final int c) {
        int lowest = minRank[c];
        if (lowest == UNKNOWN) {
            final int base = c * words;
            int w = 0;
            while (memberBits[base + w] == 0) {
                w++;
            }
            lowest = (w << 6) + Long.numberOfTrailingZeros(memberBits[base + w]);
            minRank[c] = lowest;
        }
        return lowest;
    }

    // ---- keeping the classes in step ----

    @Override
    protected void onPlaced(final int job, final int server) {
        leave(server);
        join(server);
    }

    @Override
    protected void onFreed(final int job, final int server) {
        leave(server);
        join(server);
    }

    /** Takes {@code node} out of its class; a class left empty dies. */
    private void leave(final int node) {
        final int c = classOf[node];
        final int r = rank[node];
        memberBits[c * words + (r >>> 6)] &= ~(1L << r);
        if (minRank[c] == r) {
            minRank[c] = UNKNOWN;
        }
        if (--memberCount[c] == 0) {
            kill(c);
        }
    }

    /** Puts {@code node} in the class of its current state, made if new. */
    private void join(final int node) {
        final int[] key = scratchKey;
        key[0] = devices.model(node);
        final int gpus = devices.deviceCount(node);
        key[1] = gpus;
        for (int d = 0; d < dimensions; d++) {
            key[2 + d] = servers.residual(node, d);
        }
        for (int g = 0; g < gpus; g++) {
            final int value = devices.residual(node, g);
            int i = residualBase + g;
            while (i > residualBase && key[i - 1] < value) {
                key[i] = key[i - 1];
                i--;
            }
            key[i] = value;
        }
        for (int i = residualBase + gpus; i < keyInts; i++) {
            key[i] = 0;
        }
        final int hash = hash(key, 0);
        int slot = hash & classMask;
        int c;
        while ((c = classSlots[slot]) != EMPTY && (classHash[c] != hash || !sameKey(c, key))) {
            slot = (slot + 1) & classMask;
        }
        if (c == EMPTY) {
            c = create(key, hash);
            classSlots[slot] = c;
        }
        classOf[node] = c;
        final int r = rank[node];
        memberBits[c * words + (r >>> 6)] |= 1L << r;
        if (memberCount[c]++ == 0 || minRank[c] != UNKNOWN && r < minRank[c]) {
            minRank[c] = r;
        }
    }

    private int create(final int[] key, final int hash) {
        final int c = freeClasses[--freeCount];
        System.arraycopy(key, 0, classKey, c * keyInts, keyInts);
        classHash[c] = hash;
        memberCount[c] = 0;
        minRank[c] = UNKNOWN;
        before[c] = profile.weighted(key[2], key[0], key, residualBase, key[1]);
        for (int t = 0; t < typeCount; t++) {
            scores[t * serverCount + c] = UNKNOWN;
            feasiblePos[t * serverCount + c] = -1;
            if (fits(c, t)) {
                addFeasible(t, c);
            }
        }
        alivePos[c] = aliveCount;
        alive[aliveCount++] = c;
        return c;
    }

    private void kill(final int c) {
        int slot = classHash[c] & classMask;
        while (classSlots[slot] != c) {
            slot = (slot + 1) & classMask;
        }
        // backward-shift deletion keeps every other class reachable from its home slot
        int hole = slot;
        int next = (hole + 1) & classMask;
        while (classSlots[next] != EMPTY) {
            final int home = classHash[classSlots[next]] & classMask;
            final boolean movable = hole <= next ? home <= hole || home > next : home <= hole && home > next;
            if (movable) {
                classSlots[hole] = classSlots[next];
                hole = next;
            }
            next = (next + 1) & classMask;
        }
        classSlots[hole] = EMPTY;
        for (int t = 0; t < typeCount; t++) {
            final int at = feasiblePos[t * serverCount + c];
            if (at >= 0) {
                final int row = t * serverCount;
                final int last = feasible[row + --feasibleCount[t]];
                feasible[row + at] = last;
                feasiblePos[row + last] = at;
                feasiblePos[row + c] = -1;
            }
        }
        final int position = alivePos[c];
        final int last = alive[--aliveCount];
        alive[position] = last;
        alivePos[last] = position;
        freeClasses[freeCount++] = c;
    }

    private void addFeasible(final int t, final int c) {
        final int row = t * serverCount;
        feasiblePos[row + c] = feasibleCount[t];
        feasible[row + feasibleCount[t]++] = c;
    }

    private boolean sameKey(final int c, final int[] key) {
        final int base = c * keyInts;
        for (int i = 0; i < keyInts; i++) {
            if (classKey[base + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    private int hash(final int[] key, final int from) {
        int h = 0x9E3779B9;
        for (int i = from; i < from + keyInts; i++) {
            h = (h ^ key[i]) * 0x01000193;
            h ^= h >>> 15;
        }
        return h;
    }

    // ---- pod types ----

    private int typeOf(final int job) {
        int h = devices.demand(job) * 0x9E3779B9;
        for (int d = 0; d < dimensions; d++) {
            h = (h ^ jobs.size(job, d)) * 0x01000193;
            h ^= h >>> 15;
        }
        int slot = h & typeMask;
        int t;
        while ((t = typeSlots[slot]) != EMPTY) {
            if (sameType(t, job)) {
                return t;
            }
            slot = (slot + 1) & typeMask;
        }
        return newType(job);
    }

    private boolean sameType(final int t, final int job) {
        final int base = t * typeInts;
        for (int d = 0; d < dimensions; d++) {
            if (typeKey[base + d] != jobs.size(job, d)) {
                return false;
            }
        }
        return typeKey[base + dimensions] == devices.demand(job);
    }

    private int newType(final int job) {
        if (typeCount == typeCapacity) {
            typeCapacity *= 2;
            typeKey = Arrays.copyOf(typeKey, typeCapacity * typeInts);
            scores = Arrays.copyOf(scores, typeCapacity * serverCount);
            feasible = Arrays.copyOf(feasible, typeCapacity * serverCount);
            feasibleCount = Arrays.copyOf(feasibleCount, typeCapacity);
            feasiblePos = Arrays.copyOf(feasiblePos, typeCapacity * serverCount);
            typeSlots = new int[2 * typeCapacity];
            typeMask = 2 * typeCapacity - 1;
            Arrays.fill(typeSlots, EMPTY);
            for (int t = 0; t < typeCount; t++) {
                insertType(t);
            }
        }
        final int t = typeCount++;
        final int base = t * typeInts;
        for (int d = 0; d < dimensions; d++) {
            typeKey[base + d] = jobs.size(job, d);
        }
        typeKey[base + dimensions] = devices.demand(job);
        Arrays.fill(scores, t * serverCount, (t + 1) * serverCount, UNKNOWN);
        Arrays.fill(feasiblePos, t * serverCount, (t + 1) * serverCount, -1);
        feasibleCount[t] = 0;
        for (int i = 0; i < aliveCount; i++) {
            if (fits(alive[i], t)) {
                addFeasible(t, alive[i]);
            }
        }
        insertType(t);
        return t;
    }

    private void insertType(final int t) {
        final int base = t * typeInts;
        int h = typeKey[base + dimensions] * 0x9E3779B9;
        for (int d = 0; d < dimensions; d++) {
            h = (h ^ typeKey[base + d]) * 0x01000193;
            h ^= h >>> 15;
        }
        int slot = h & typeMask;
        while (typeSlots[slot] != EMPTY) {
            slot = (slot + 1) & typeMask;
        }
        typeSlots[slot] = t;
    }
}
