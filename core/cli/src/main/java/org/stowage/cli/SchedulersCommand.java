package org.stowage.cli;

import java.util.concurrent.Callable;

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
        spec.commandLine().getOut().print(Kernels.describe());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
