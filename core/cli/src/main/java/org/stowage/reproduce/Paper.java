package org.stowage.reproduce;

import java.util.List;

/**
 * One paper's reproducible figures and tables, declared by the paper's package through a {@link PaperSource}
 * and gathered in {@link Figures}.
 *
 * @param key      short name: the group {@code all-KEY} runs every figure ({@code 2019}, {@code 2018},
 *                 {@code lotes}, {@code djsf})
 * @param citation authors and year, for help and messages
 * @param figures  its figures in the paper's order
 */
public record Paper(String key, String citation, List<Figure> figures) {
    /** Prefix of a paper's group name. */
    public static final String GROUP_PREFIX = "all-";

    public Paper {
        figures = List.copyOf(figures);
        if (figures.isEmpty()) {
            throw new IllegalArgumentException("paper " + key + " declares no figure");
        }
    }

    /** The name that runs every figure of the paper: {@code all-KEY}. */
    public String group() {
        return GROUP_PREFIX + key;
    }
}
