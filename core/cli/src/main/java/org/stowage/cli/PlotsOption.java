package org.stowage.cli;

import picocli.CommandLine.Option;

/**
 * {@code --no-plots} of {@code run} and {@code sweep} ({@code @Mixin PlotsOption plots}): leave the plots out of
 * the output directory (a plot takes about half a second). Each command's wording of the help is in
 * {@link OptionTexts}.
 */
final class PlotsOption {
    @Option(names = "--no-plots",
        description = "With --out: leave out queue.png and queue.svg (index.html and the data files are still written);"
            + " a plot takes about half a second.")
    private boolean noPlots;

    /** Whether plots are drawn: {@code --no-plots} was not given. */
    boolean drawn() {
        return !noPlots;
    }
}
