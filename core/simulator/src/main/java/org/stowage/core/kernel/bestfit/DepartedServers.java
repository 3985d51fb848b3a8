package org.stowage.core.kernel.bestfit;

import it.unimi.dsi.fastutil.ints.IntArrays;

/**
 * The servers that had departures since the last decision, each once, sorted ascending when the decision
 * reads them: the bookkeeping of BF-J/S and its stalled variant (Psychas and Ghaderi 2019, Sec. IV-A), whose
 * first step visits those servers in index order.
 *
 * <p>{@link #add}: O(1). {@link #sort}: insertion sort for the few servers a slot usually frees (no
 * recursion, no selection passes), fastutil's allocation-free quicksort beyond {@value #SMALL_SORT}.
 * Arrays are sized at construction (one int and one flag per server); nothing allocates. Not thread-safe.
 */
final class DepartedServers {
    /** Up to this many servers, {@link #sort} sorts by insertion. */
    private static final int SMALL_SORT = 48;

    private final int[] servers;
    private final boolean[] marked;
    private int count;

    DepartedServers(final int serverCount) {
        servers = new int[serverCount];
        marked = new boolean[serverCount];
    }

    /** Records a departure from {@code server}; a server is kept once however many jobs left it. */
    void add(final int server) {
        if (!marked[server]) {
            marked[server] = true;
            servers[count++] = server;
        }
    }

    /** Sorts the recorded servers ascending and returns how many there are. */
    int sort() {
        if (count > SMALL_SORT) {
            IntArrays.quickSort(servers, 0, count);
            return count;
        }
        for (int i = 1; i < count; i++) {
            final int server = servers[i];
            int j = i - 1;
            while (j >= 0 && servers[j] > server) {
                servers[j + 1] = servers[j];
                j--;
            }
            servers[j + 1] = server;
        }
        return count;
    }

    /** The {@code i}-th recorded server (ascending after {@link #sort}). */
    int get(final int i) {
        return servers[i];
    }

    /** Forgets every recorded server. */
    void clear() {
        for (int i = 0; i < count; i++) {
            marked[servers[i]] = false;
        }
        count = 0;
    }
}
