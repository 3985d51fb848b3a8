package org.stowage.cli;

import java.util.List;

import org.stowage.cli.spec.SchedulerList;

import picocli.CommandLine.Option;

/**
 * {@code --scheduler} of {@code run} and {@code sweep} ({@code @Mixin SchedulerOptions schedulers}): the kernels
 * to compare, repeatable or comma-separated, each {@code NAME} or {@code NAME:key=value,...}. A command's own
 * wording of the help is in {@link OptionTexts}.
 */
final class SchedulerOptions {
    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "BF-J/S,FIFO-FF",
        description = "Schedulers to compare, repeatable or comma-separated (default: ${DEFAULT-VALUE}); parameters"
            + " as NAME:key=value,... (VQS:J=7, BF-J/S:stall=true). `stowage schedulers` lists them all.")
    private List<String> values;

    private List<String> parsed;

    /**
     * The schedulers given, parsed once ({@link SchedulerList#parse}: every name known, every parameter valid,
     * none twice).
     *
     * @throws IllegalArgumentException one line naming {@code --scheduler} and the value
     */
    List<String> schedulers() {
        if (parsed == null) {
            parsed = SchedulerList.parse(values);
        }
        return parsed;
    }
}
