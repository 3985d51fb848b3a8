package org.stowage.reproduce;

/**
 * A qualitative statement of the paper about a figure, what our run shows, and whether they agree.
 *
 * @param paper  the paper's claim, in words
 * @param ours   what we measured, in words and numbers
 * @param agrees whether our result supports the claim
 */
public record Claim(String paper, String ours, boolean agrees) {
}
