package org.stowage.core.kernel.support;

/**
 * A kernel that stalls servers (Psychas and Ghaderi 2019, Sec. VIII) and counts the stalls it starts, so
 * that the differential tests can hold a kernel and its twin to the same number.
 */
public interface StallCounting {
    /** Stalls started so far. */
    long stallsStarted();
}
