package org.stowage.cli.spec;

import java.util.Locale;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.workload.ServiceDistribution;

import picocli.CommandLine.ITypeConverter;

/**
 * A parsed {@code --service} value: {@code geometric:MEAN} (whole slots), {@code deterministic:VALUE} or
 * {@code exponential:MEAN}. The parameter is at most {@link #MAX_VALUE}: a departure time then stays far
 * below 2<sup>53</sup>, where times stop being exact (a geometric or exponential variate exceeds 2<sup>53</sup>
 * with probability about e<sup>-1024</sup>).
 *
 * @param kind  geometric, deterministic or exponential
 * @param value the mean (or the value of deterministic)
 * @param text  the value as given
 */
public record ServiceSpec(Kind kind, double value, String text) {
    /** The service laws of the command line. */
    enum Kind { GEOMETRIC, DETERMINISTIC, EXPONENTIAL }

    /** Largest mean or value: 2^43. */
    static final double MAX_VALUE = 0x1p43;

    /** Picocli's converter for {@code --service}. */
    public static final class Converter implements ITypeConverter<ServiceSpec> {
        @Override
        public ServiceSpec convert(final String value) {
            return parse(value);
        }
    }

    /** Parses a {@code --service} value; a {@link SpecException} names the value and what is wrong. */
    public static ServiceSpec parse(final String text) {
        final String[] kindAndArgs = SpecText.kindAndArgs(text);
        if (kindAndArgs == null) {
            throw new SpecException(text, "expected KIND:ARGS (geometric:MEAN, deterministic:VALUE or exponential:MEAN)");
        }
        final Kind kind;
        switch (kindAndArgs[0]) {
            case "geometric" -> kind = Kind.GEOMETRIC;
            case "deterministic" -> kind = Kind.DETERMINISTIC;
            case "exponential" -> kind = Kind.EXPONENTIAL;
            default -> throw new SpecException(text, "unknown service distribution '" + kindAndArgs[0]
                + "' (geometric:MEAN, deterministic:VALUE or exponential:MEAN)");
        }
        try {
            final ServiceSpec spec = new ServiceSpec(kind, SpecText.number(kindAndArgs[1]), text);
            spec.distribution(); // the law's own checks
            if (spec.value > MAX_VALUE) {
                throw new IllegalArgumentException("must be at most 2^43 = " + (long) MAX_VALUE + " (beyond, times"
                    + " stop being exact): " + spec.value);
            }
            return spec;
        } catch (final IllegalArgumentException e) {
            throw new SpecException(text, e.getMessage());
        }
    }

    /** The distribution. */
    public ServiceDistribution distribution() {
        return switch (kind) {
            case GEOMETRIC -> ServiceDistribution.geometric(value);
            case DETERMINISTIC -> ServiceDistribution.deterministic(value);
            case EXPONENTIAL -> ServiceDistribution.exponential(value);
        };
    }

    /** Whether every sample is a whole number of slots >= 1, as slotted time needs. */
    public boolean wholeSlots() {
        return kind == Kind.GEOMETRIC || (kind == Kind.DETERMINISTIC && value == Math.rint(value) && value >= 1);
    }

    /**
     * Fails naming {@code --service} and {@code --time-mode} when the law cannot be simulated in {@code mode}:
     * slotted time needs whole slots (geometric, or deterministic with a whole value).
     */
    public void requireFits(final TimeMode mode) {
        if (mode == TimeMode.SLOTTED && !wholeSlots()) {
            throw new SpecException(text, (kind == Kind.EXPONENTIAL ? "exponential service times are not"
                : "a service of " + value + " slots is not") + " a whole number of slots, which --time-mode slotted"
                + " needs; use --time-mode continuous, geometric:MEAN or deterministic with a whole value")
                .forFlag("--service");
        }
    }

    /**
     * E[min(S, t)]: the mean time a job that arrives {@code t} before the end is still in the system at the
     * end, at least (it may also wait). In slotted time it counts the slots 0 .. t-1 that a job with service
     * S outlives: sum over u &lt; t of P(S &gt; u), which for the geometric law (support 1, 2, ...) is
     * m (1 - (1 - 1/m)^t).
     */
    public double meanCappedAt(final double t) {
        return switch (kind) {
            case GEOMETRIC -> value * -Math.expm1(t * Math.log1p(-1 / value));
            case DETERMINISTIC -> Math.min(value, t);
            case EXPONENTIAL -> value * -Math.expm1(-t / value);
        };
    }

    @Override
    public String toString() {
        return text;
    }

    /** Lower-case kind, as written on the command line. */
    String kindName() {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
