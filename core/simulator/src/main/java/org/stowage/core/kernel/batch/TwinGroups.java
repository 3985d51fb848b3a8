package org.stowage.core.kernel.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.state.ServerView;

/**
 * Tetris's twin groups: machines of one work class with the same capacities, so that two empty machines of a
 * group score alike with every job, and among a group's empty machines the lowest stands for all of them
 * (the tie rule prefers the lower machine). Without it, thousands of empty machines would each renew their
 * best pair after every placement of a burst of arrivals. Groups are numbered in the order of their first
 * machine; within a group, machines keep their index order.
 *
 * <p>Per group a bitset of its empty machines (by rank in the group), kept by {@link #refresh} after every
 * change of a machine's free resources.
 *
 * <p>Cost: {@link #refresh}, {@link #isEmpty} and {@link #standsIn} O(D) (plus {@link #firstEmpty}'s for the
 * last); {@link #firstEmpty} O(L / 64) for a group of L machines. Memory: three ints per machine and a bit
 * per machine. The constructor allocates (a hash map of the groups); nothing else does.
 */
final class TwinGroups {
    private final ServerView servers;
    private final int dimensions;
    private final int[] groupOf;
    /** Each machine's rank in its group. */
    private final int[] rank;
    /** Per group its machines, by rank. */
    private final int[][] members;
    /** Per group a bit per machine (by rank), set while the machine is empty. */
    private final long[][] empty;

    /**
     * Groups the machines of {@code servers} by work class ({@code workClassOf}, per machine) and capacities,
     * and marks those that are empty now.
     */
    TwinGroups(final ServerView servers, final int[] workClassOf) {
        this.servers = servers;
        this.dimensions = servers.dimensions();
        final int count = servers.count();
        final Map<List<Integer>, Integer> ids = new HashMap<>();
        groupOf = new int[count];
        rank = new int[count];
        final int[] sizes = new int[count];
        for (int server = 0; server < count; server++) {
            final List<Integer> key = new ArrayList<>(dimensions + 1);
            key.add(workClassOf[server]);
            for (int d = 0; d < dimensions; d++) {
                key.add(servers.capacity(server, d));
            }
            Integer group = ids.get(key);
            if (group == null) {
                group = ids.size();
                ids.put(key, group);
            }
            groupOf[server] = group;
            rank[server] = sizes[group]++;
        }
        members = new int[ids.size()][];
        empty = new long[ids.size()][];
        for (int g = 0; g < members.length; g++) {
            members[g] = new int[sizes[g]];
            empty[g] = new long[(sizes[g] + 63) >>> 6];
        }
        for (int server = 0; server < count; server++) {
            members[groupOf[server]][rank[server]] = server;
        }
        for (int server = 0; server < count; server++) {
            refresh(server);
        }
    }

    /** Number of groups. */
    int count() {
        return members.length;
    }

    /** The group of {@code server}. */
    int groupOf(final int server) {
        return groupOf[server];
    }

    /** Whether {@code server} holds nothing: its free resources are its capacities. */
    boolean isEmpty(final int server) {
        for (int d = 0; d < dimensions; d++) {
            if (servers.residual(server, d) != servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** After {@code server}'s free resources changed: sets or clears its bit in its group's empty set. */
    void refresh(final int server) {
        final int position = rank[server];
        final long[] bits = empty[groupOf[server]];
        if (isEmpty(server)) {
            bits[position >>> 6] |= 1L << position;
        } else {
            bits[position >>> 6] &= ~(1L << position);
        }
    }

    /** The lowest empty machine of {@code group}, or {@link ServerView#NONE}. */
    int firstEmpty(final int group) {
        final long[] bits = empty[group];
        for (int word = 0; word < bits.length; word++) {
            if (bits[word] != 0) {
                return members[group][word * 64 + Long.numberOfTrailingZeros(bits[word])];
            }
        }
        return ServerView.NONE;
    }

    /**
     * Whether {@code server} stands for itself: it holds a job, or it is the lowest empty machine of its group
     * (which stands for the group's other empty machines).
     */
    boolean standsIn(final int server) {
        return !isEmpty(server) || firstEmpty(groupOf[server]) == server;
    }
}
