package org.stowage.cli.spec;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.core.kernel.Kernels;
import org.stowage.sweep.KernelFailure;
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

    /**
     * Checks {@code spec} against the registry ({@link Kernels#byName}): an unknown name or a bad parameter
     * is refused naming {@code option}; so is a kernel whose own code fails while its parameters are read or
     * its factory made (a user's jar), naming its family and jar.
     */
    public static void check(final String spec, final String option) {
        try {
            Kernels.byName(spec);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException(option, e.getMessage(), e);
        } catch (final OutOfMemoryError | KernelRegistryException e) {
            throw e;
        } catch (final RuntimeException | Error e) {
            throw new InvalidValueException(option, "'" + spec + "'" + KernelFailure.origin(spec) + " failed to set up: "
                + KernelFailure.describe(e), e);
        }
    }

    /** The scheduler specs in order, each checked by {@link #check}. */
    public static List<String> parse(final List<String> values) {
        final List<String> schedulers = new ArrayList<>();
        for (final String value : values) {
            for (final String name : value.split(SPLIT, -1)) {
                if (name.isBlank()) {
                    throw new SpecException(value, "has an empty scheduler name").forFlag("--scheduler");
                }
                check(name.strip(), "--scheduler");
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
