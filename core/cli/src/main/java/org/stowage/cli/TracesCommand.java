package org.stowage.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code stowage traces}: the public traces; alone it prints its usage and exits 2. */
@Command(name = "traces", mixinStandardHelpOptions = true, subcommands = TracesFetchCommand.class,
    description = "Get the public workload traces the papers and the trace commands read.")
final class TracesCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    StowageCli cli() {
        return cli;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return StowageCli.USAGE_ERROR;
    }
}
