package org.stowage.cli;

import picocli.CommandLine.Option;

/**
 * {@code --seed} of {@code run}, {@code sweep} and {@code reproduce} ({@code @Mixin SeedOption seed = new
 * SeedOption(DEFAULT)}): the seed every random stream derives from. Each command gives its default (picocli shows
 * the field's initial value as the default) and its own wording of the help ({@link OptionTexts}).
 */
final class SeedOption {
    @Option(names = "--seed", paramLabel = "N", description = "Seed of every random stream (default: ${DEFAULT-VALUE}).")
    private long seed;

    SeedOption(final long defaultSeed) {
        this.seed = defaultSeed;
    }

    long seed() {
        return seed;
    }
}
