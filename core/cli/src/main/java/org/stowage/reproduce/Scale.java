package org.stowage.reproduce;

/** How long a figure's runs are: the paper's scale, or a short version for tests and a first look. */
public enum Scale {
    /** Long enough that the verdicts and orderings are stable across seeds (see each figure). */
    PAPER,
    /** Seconds in all; the claims only the paper's scale decides are reported as not checked ({@link Claim#at}). */
    QUICK
}
