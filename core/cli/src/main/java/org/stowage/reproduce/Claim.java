package org.stowage.reproduce;

/**
 * A qualitative statement of the paper about a figure, what our run shows, and whether they agree.
 *
 * @param paper  the paper's claim, in words
 * @param ours   what we measured, in words and numbers
 * @param agrees whether our result supports the claim
 * @param robust whether even the quick version of the figure is expected to support it (tests check those)
 */
public record Claim(String paper, String ours, boolean agrees, boolean robust) {
    /** A claim that the quick version reproduces as well. */
    public Claim(final String paper, final String ours, final boolean agrees) {
        this(paper, ours, agrees, true);
    }
}
