package org.stowage.cli.spec;

import org.stowage.core.workload.Arrivals;

import picocli.CommandLine.ITypeConverter;

/**
 * A parsed {@code --arrivals} value: {@code poisson} (a Poisson number per slot, or a Poisson process in
 * continuous time, at the rate of {@code --intensity} or {@code --lambda}) or {@code batch:N} (N jobs at
 * time 0).
 *
 * @param batch the batch size, or 0 for Poisson arrivals
 * @param text  the value as given
 */
public record ArrivalsSpec(long batch, String text) {
    /** Picocli's converter for {@code --arrivals}. */
    public static final class Converter implements ITypeConverter<ArrivalsSpec> {
        @Override
        public ArrivalsSpec convert(final String value) {
            return parse(value);
        }
    }

    /** Parses an {@code --arrivals} value; a {@link SpecException} names the value and what is wrong. */
    public static ArrivalsSpec parse(final String text) {
        if (text.equals("poisson")) {
            return new ArrivalsSpec(0, text);
        }
        if (text.startsWith("batch:")) {
            try {
                return new ArrivalsSpec(SpecText.count(text.substring("batch:".length()), "jobs", "job"), text);
            } catch (final IllegalArgumentException e) {
                throw new SpecException(text, e.getMessage());
            }
        }
        throw new SpecException(text, "expected poisson or batch:N");
    }

    public boolean isBatch() {
        return batch > 0;
    }

    /** The arrival process: Poisson at {@code rate} (per slot when {@code slotted}), or the batch. */
    public Arrivals arrivals(final boolean slotted, final double rate) {
        if (isBatch()) {
            return Arrivals.batch(batch);
        }
        return slotted ? Arrivals.poissonPerSlot(rate) : Arrivals.poissonProcess(rate);
    }

    /** {@code invalid value for --arrivals: 'TEXT': REASON}. */
    IllegalArgumentException error(final String reason) {
        return new SpecException(text, reason).forFlag("--arrivals");
    }

    @Override
    public String toString() {
        return text;
    }
}
