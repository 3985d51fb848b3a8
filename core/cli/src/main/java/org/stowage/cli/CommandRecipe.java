package org.stowage.cli;

import java.util.List;
import java.util.Objects;

import org.stowage.sweep.Sweep;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The runs of a {@code sweep} or {@code reproduce} command as data: the command's arguments (and, for
 * {@code reproduce}, which figure). {@link #rebuild} parses them again, with the same parser, in whatever
 * JVM it is called, so a point becomes the same {@code RunSpec} on a cluster's executors as in the command
 * that started the sweep. Paths among the arguments (traces) must therefore be valid where it is rebuilt.
 *
 * @param arguments the {@code stowage} arguments, starting with the command name
 * @param figure    the figure of a {@code reproduce} command, null for {@code sweep}
 */
public record CommandRecipe(List<String> arguments, String figure) implements Sweep.PortableRunner {
    private static final long serialVersionUID = 1L;

    public CommandRecipe {
        arguments = List.copyOf(arguments);
    }

    /** The recipe of the command that {@code spec} belongs to, as it was parsed (after @-file expansion). */
    static CommandRecipe of(final CommandLine.Model.CommandSpec spec, final String figure) {
        return new CommandRecipe(spec.root().commandLine().getParseResult().expandedArgs(), figure);
    }

    @Override
    public Sweep.PointRunner rebuild() {
        final ParseResult parsed = StowageCli.commandLine(new StowageCli(), null)
            .parseArgs(arguments.toArray(String[]::new));
        final Object command = parsed.hasSubcommand() ? parsed.subcommand().commandSpec().userObject() : null;
        if (command instanceof SweepCommand sweep && figure == null) {
            return sweep.runner();
        }
        if (command instanceof ReproduceCommand reproduce) {
            return reproduce.runner(Objects.requireNonNull(figure, "figure"));
        }
        throw new IllegalArgumentException("no sweep to run in: stowage " + String.join(" ", arguments)
            + (figure == null ? "" : " (figure " + figure + ")"));
    }
}
