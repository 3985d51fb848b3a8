package org.stowage.cli.spec;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.Kernels;
import org.stowage.terminal.InvalidValueException;

/**
 * The {@code --scheduler} values of {@code run} and {@code sweep}: each repeatable and comma-separated,
 * split only at commas that do not start a {@code key=value} parameter, so
 * {@code VQS-BF:J=7,stall=0.5,BF-J/S} is two schedulers. An empty name ({@code ","}, {@code "BF-J,,VQS"}),
 * a spec given twice (its rows in every file would be indistinguishable) and an unknown or malformed spec are
 * one-line errors naming the value.
 */
public final class SchedulerList {
    /** Commas that do not start a {@code key=value} parameter. */
    public static final String SPLIT = ",(?![^,:]*=)";

    private SchedulerList() {
    }

    /** The scheduler specs in order, each checked by {@link Kernels#byName}. */
    public static List<String> parse(final List<String> values) {
        final List<String> schedulers = new ArrayList<>();
        for (final String value : values) {
            for (final String name : value.split(SPLIT, -1)) {
                if (name.isBlank()) {
                    throw new SpecException(value, "has an empty scheduler name").forFlag("--scheduler");
                }
                try {
                    Kernels.byName(name.strip());
                } catch (final IllegalArgumentException e) {
                    throw new InvalidValueException("--scheduler", e.getMessage(), e);
                }
                if (schedulers.contains(name.strip())) {
                    // two identical runs would be two indistinguishable rows in every file
                    throw new SpecException(value, "names " + name.strip() + " twice").forFlag("--scheduler");
                }
                schedulers.add(name.strip());
            }
        }
        if (schedulers.isEmpty()) {
            throw new InvalidValueException("--scheduler", "none given");
        }
        return schedulers;
    }
}
