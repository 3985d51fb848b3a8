package org.stowage.core.state;

import java.util.Arrays;

/**
 * The queues whose length changed since the last {@link #drain}: a deduplicated list of queue ids, so that
 * per-queue statistics cost O(changed queues) per decision rather than O(all queues) (Psychas and Ghaderi
 * 2018's RMS+JSQ keeps L x J local queues, 10^5 of them at L = 10^4).
 *
 * <p>{@link #touched} is O(1) and allocates only when a queue id beyond the arrays' length first appears.
 * Not thread-safe.
 */
public final class QueueChanges {
    private int[] changed = new int[16];
    private boolean[] marked = new boolean[16];
    private int count;

    /** Records that queue {@code id}'s length changed. */
    public void touched(final int id) {
        if (id >= marked.length) {
            grow(id);
        }
        if (!marked[id]) {
            marked[id] = true;
            changed[count++] = id;
        }
    }

    /** Number of distinct queues changed since the last drain. */
    public int count() {
        return count;
    }

    /** The {@code i}-th changed queue id, {@code i < count()}. */
    public int changed(final int i) {
        return changed[i];
    }

    /** Forgets every change. */
    public void drain() {
        for (int i = 0; i < count; i++) {
            marked[changed[i]] = false;
        }
        count = 0;
    }

    private void grow(final int id) {
        final int length = Math.max(id + 1, marked.length * 2);
        marked = Arrays.copyOf(marked, length);
        changed = Arrays.copyOf(changed, length);
    }
}
