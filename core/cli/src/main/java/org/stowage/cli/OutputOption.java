package org.stowage.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/**
 * {@code --out} of {@code run}, {@code sweep} and {@code reproduce}: the directory a command writes. An argument
 * group of one option ({@code @ArgGroup(exclusive = false, multiplicity = ...) OutputOption output}) rather than
 * a mixin, so that each command says whether it must be given: required by {@code sweep} (multiplicity 1), which
 * keeps its runs there, optional for {@code run} and {@code reproduce} (0..1; picocli leaves the field null when
 * the option is not given). Each command's wording of the help is in {@link OptionTexts}.
 */
final class OutputOption {
    @Option(names = "--out", paramLabel = "DIR", required = true,
        description = "Write results.csv (scheduler, metric, value), series.csv, summary.json (every input) and the"
            + " queue length over time (queue.png, queue.svg), all of it in index.html, here.")
    private Path directory;

    /** The directory of {@code option}, or {@code otherwise} when {@code --out} was not given. */
    static Path of(final OutputOption option, final Path otherwise) {
        return option == null ? otherwise : option.directory;
    }
}
