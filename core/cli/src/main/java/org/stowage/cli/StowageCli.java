package org.stowage.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code stowage} command. Errors in arguments print one line naming the flag and value and exit 2.
 */
@Command(name = "stowage", mixinStandardHelpOptions = true, version = "stowage 0.1.0",
    description = "Simulate scheduling of jobs with random resource requirements onto cluster servers.",
    subcommands = {RunCommand.class, SweepCommand.class, ReproduceCommand.class, CapacityCommand.class,
        TraceSummaryCommand.class, CommandLine.HelpCommand.class})
public final class StowageCli {
    /** Exit code for bad arguments or bad input. */
    public static final int USAGE_ERROR = 2;

    public static void main(final String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int execute(final PrintWriter out, final PrintWriter err, final String... args) {
        final CommandLine commandLine = new CommandLine(new StowageCli());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((error, arguments) -> {
            err.println(error.getCommandLine().getCommandSpec().qualifiedName() + ": "
                + error.getMessage().replace('\n', ' ').strip());
            return USAGE_ERROR;
        });
        commandLine.setExecutionExceptionHandler((error, command, parseResult) -> {
            if (error instanceof IllegalArgumentException) {
                err.println(command.getCommandSpec().qualifiedName() + ": " + error.getMessage());
                return USAGE_ERROR;
            }
            throw error;
        });
        if (args.length == 0) {
            commandLine.usage(out);
            return USAGE_ERROR;
        }
        return commandLine.execute(args);
    }
}
