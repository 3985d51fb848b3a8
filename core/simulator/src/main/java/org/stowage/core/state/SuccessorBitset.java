package org.stowage.core.state;

/**
 * A set of ints in {@code [0, universe)} as a 64-ary hierarchy of bitsets, answering predecessor and
 * successor queries by reading one word per level.
 *
 * <p>Level 0 has one bit per value; bit {@code i} of level {@code k} is set when word {@code i} of level
 * {@code k - 1} is non-zero; the top level is one word. Level 0 is paged: pages of {@value #PAGE_BITS} values
 * (512 bytes) are made the first time a value in their range is added and kept for reuse, so a large
 * universe that is only partly used costs only the pages it touches.
 *
 * <h2>Complexity and allocation</h2>
 * {@link #add}, {@link #remove}: O(1) when the value's level-0 word stays non-empty (or was already
 * non-empty), O(log<sub>64</sub> U) otherwise. {@link #predecessor}, {@link #successor}:
 * O(log<sub>64</sub> U), about 4 words at U = 2<sup>20</sup>. {@link #contains}: O(1). Memory: U/512 bytes
 * for the levels above 0, plus U/8 bytes for level 0 once every page is touched. Only {@link #add} allocates,
 * and only a page's first use. Not thread-safe.
 */
final class SuccessorBitset {
    static final int PAGE_BITS = 1 << 12;
    private static final int PAGE_SHIFT = 12;
    private static final int WORDS_PER_PAGE = PAGE_BITS / 64;

    private final int universe;
    /** Level 0, paged: {@code pages[value >>> PAGE_SHIFT]}; null until first used. */
    private final long[][] pages;
    /** Levels 1..: {@code summary[k - 1]} is level k. The last has one word. */
    private final long[][] summary;
    private final int levelZeroWords;

    SuccessorBitset(final int universe) {
        if (universe < 1) {
            throw new IllegalArgumentException("bitset universe must be >= 1: " + universe);
        }
        this.universe = universe;
        pages = new long[(int) ((universe + (long) PAGE_BITS - 1) / PAGE_BITS)][];
        levelZeroWords = pages.length * WORDS_PER_PAGE;
        int levels = 0;
        for (long bits = (universe + 63L) / 64; bits > 1; bits = (bits + 63) / 64) {
            levels++;
        }
        summary = new long[Math.max(1, levels)][];
        long bits = (universe + 63L) / 64;
        for (int level = 0; level < summary.length; level++) {
            summary[level] = new long[(int) ((bits + 63) / 64)];
            bits = (bits + 63) / 64;
        }
    }

    boolean isEmpty() {
        return summary[summary.length - 1][0] == 0;
    }

    boolean contains(final int value) {
        assert value >= 0 && value < universe : value;
        final long[] page = pages[value >>> PAGE_SHIFT];
        return page != null && (page[(value & (PAGE_BITS - 1)) >>> 6] & 1L << value) != 0;
    }

    /** Adds {@code value}; adding a member is a no-op. */
    void add(final int value) {
        assert value >= 0 && value < universe : value;
        long[] page = pages[value >>> PAGE_SHIFT];
        if (page == null) {
            page = new long[WORDS_PER_PAGE];
            pages[value >>> PAGE_SHIFT] = page;
        }
        final int wordInPage = (value & (PAGE_BITS - 1)) >>> 6;
        final long old = page[wordInPage];
        page[wordInPage] = old | 1L << value;
        if (old != 0) {
            return;
        }
        int index = value >>> 6;
        for (final long[] level : summary) {
            final int word = index >>> 6;
            final long before = level[word];
            level[word] = before | 1L << index;
            if (before != 0) {
                return;
            }
            index = word;
        }
    }

    /** Removes {@code value}; removing a non-member is a no-op. */
    void remove(final int value) {
        assert value >= 0 && value < universe : value;
        final long[] page = pages[value >>> PAGE_SHIFT];
        if (page == null) {
            return;
        }
        final int wordInPage = (value & (PAGE_BITS - 1)) >>> 6;
        final long old = page[wordInPage];
        final long now = old & ~(1L << value);
        page[wordInPage] = now;
        if (now != 0 || old == 0) {
            return;
        }
        int index = value >>> 6;
        for (final long[] level : summary) {
            final int word = index >>> 6;
            final long left = level[word] & ~(1L << index);
            level[word] = left;
            if (left != 0) {
                return;
            }
            index = word;
        }
    }

    /** Largest member &lt;= {@code x}, or -1. {@code x} may be anything below the universe. */
    int predecessor(final int x) {
        if (x < 0) {
            return -1;
        }
        int index = Math.min(x, universe - 1);
        final int levels = summary.length + 1;
        for (int level = 0; level < levels; level++) {
            final int word = index >>> 6;
            final long bits = word(level, word) & (-1L >>> (63 - (index & 63)));
            if (bits != 0) {
                int found = (word << 6) + 63 - Long.numberOfLeadingZeros(bits);
                for (int below = level - 1; below >= 0; below--) {
                    found = (found << 6) + 63 - Long.numberOfLeadingZeros(word(below, found));
                }
                return found;
            }
            if (word == 0) {
                return -1;
            }
            index = word - 1;
        }
        return -1;
    }

    /** Smallest member &gt;= {@code x}, or -1. */
    int successor(final int x) {
        int index = Math.max(x, 0);
        if (index >= universe) {
            return -1;
        }
        final int levels = summary.length + 1;
        for (int level = 0; level < levels; level++) {
            final int word = index >>> 6;
            final int words = level == 0 ? levelZeroWords : summary[level - 1].length;
            if (word >= words) {
                return -1;
            }
            final long bits = word(level, word) & (-1L << (index & 63));
            if (bits != 0) {
                int found = (word << 6) + Long.numberOfTrailingZeros(bits);
                for (int below = level - 1; below >= 0; below--) {
                    found = (found << 6) + Long.numberOfTrailingZeros(word(below, found));
                }
                return found;
            }
            index = word + 1;
        }
        return -1;
    }

    /** Word {@code index} of level {@code level}. */
    private long word(final int level, final int index) {
        if (level == 0) {
            final long[] page = pages[index >>> (PAGE_SHIFT - 6)];
            return page == null ? 0L : page[index & (WORDS_PER_PAGE - 1)];
        }
        return summary[level - 1][index];
    }
}
