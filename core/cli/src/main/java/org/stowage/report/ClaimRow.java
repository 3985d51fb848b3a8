package org.stowage.report;

/**
 * One row of a page's claims table, as {@link HtmlReport#claims} draws it: what a paper says, the verdict,
 * what we measured and where the evidence is. The reproduced figures' claims implement it.
 */
public interface ClaimRow {
    /** The paper's claim, in words. */
    String paper();

    /** What we measured, in words and numbers. */
    String ours();

    /** The verdict as printed, lower case with spaces: {@code agrees}, {@code differs}, {@code not checked}. */
    String verdictLabel();

    /** A pointer into the docs ({@code docs/DJSF.md#reproduction}), or null. */
    String evidence();
}
