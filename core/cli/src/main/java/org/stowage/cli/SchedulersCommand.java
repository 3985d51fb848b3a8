package org.stowage.cli;

import java.util.concurrent.Callable;

import org.stowage.core.Messages;
import org.stowage.core.kernel.Kernels;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code stowage schedulers}: every kernel of the registry with its paper, summary and parameters, then the
 * naive twins, so what {@code --scheduler} accepts is never listed by hand.
 */
@Command(name = "schedulers", mixinStandardHelpOptions = true,
    description = "List the schedulers --scheduler accepts, with their parameters (NAME:key=value,...).")
final class SchedulersCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        // a user's family writes its own summaries: each line escaped, so its bytes cannot drive the terminal
        final String[] lines = Kernels.describe().split("\n", -1);
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            text.append(i == 0 ? "" : "\n").append(Messages.printable(lines[i]));
        }
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
