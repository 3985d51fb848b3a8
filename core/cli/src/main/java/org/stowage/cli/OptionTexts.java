package org.stowage.cli;

import java.util.ListResourceBundle;

/**
 * The help of a shared option in a command's own words, where its mixin's text (run's) does not fit: picocli
 * looks an option's description up under {@code stowage.COMMAND.OPTION} in the command line's resource bundle
 * (set on {@link StowageCli}, inherited by every command) before it takes the annotation's. Only texts live
 * here; what an option does is its mixin's.
 */
public final class OptionTexts extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"stowage.sweep.scheduler", "Schedulers, repeatable or comma-separated, each NAME or NAME:KEY=VALUE,... "
                + "(default: ${DEFAULT-VALUE}); `stowage schedulers` lists them all."},
            {"stowage.sweep.seed", "Base seed; each point's seed derives from it and the point's coordinates"
                + " (default: ${DEFAULT-VALUE})."},
            {"stowage.reproduce.seed", "Base seed of every run (default: ${DEFAULT-VALUE})."},
            {"stowage.sweep.out", "Output directory: manifest.json, runs/, results.csv, summary.csv."},
            {"stowage.reproduce.out", "Output directory; each figure writes into DIR/FIGURE (default: "
                + ReproduceCommand.DEFAULT_OUT + ")."},
            {"stowage.sweep.no-plots", "Leave out the plot of each measure (index.html and the data files are still"
                + " written); a plot takes about half a second."},
        };
    }
}
