package org.stowage.cli.spec;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.workload.Ec2Table;
import org.stowage.core.workload.SizeDistribution;

import picocli.CommandLine.ITypeConverter;

/**
 * A parsed {@code --sizes} value, shared by {@code run}, {@code sweep} (and its {@code --vary sizes=...})
 * and {@code capacity}: {@code uniform:LOW,HIGH}, {@code discrete:SIZE@WEIGHT,...},
 * {@code truncnormal:CV:MEAN@WEIGHT,...} or {@code ec2}; SIZE, LOW, HIGH and MEAN may be vectors
 * ({@code 0.2/0.5}). Sizes are fractions of a unit server's capacity (of 1.0), except {@code ec2}, whose
 * types are the 2018 paper's normalised by its server (90 GB, 90 CPU units, 5000 GB), each equally likely.
 *
 * <p>Parsing checks the syntax and that every number is finite and every weight usable; what depends on
 * the resolution (a size too large for the units) is checked when the distribution is made.
 *
 * @param kind    the distribution
 * @param vectors uniform: {low, high}; the others: one size (or mean) vector per type, all of one length
 * @param weights the types' relative frequencies (finite, &gt;= 0, finite positive sum); null for uniform
 * @param cv      the coefficient of variation of {@code truncnormal}, else NaN
 * @param text    the value as given
 */
public record SizesSpec(Kind kind, List<double[]> vectors, double[] weights, double cv, String text) {
    /** The size distributions of the command line. */
    public enum Kind { UNIFORM, DISCRETE, TRUNCNORMAL, EC2 }

    /** Picocli's converter for {@code --sizes}. */
    public static final class Converter implements ITypeConverter<SizesSpec> {
        @Override
        public SizesSpec convert(final String value) {
            return parse(value);
        }
    }

    /** Parses a {@code --sizes} value; a {@link SpecException} names the value and what is wrong. */
    public static SizesSpec parse(final String text) {
        return SpecText.parse(text, SizesSpec::parseOrThrow);
    }

    private static SizesSpec parseOrThrow(final String text) {
        if (text.equals("ec2")) {
            final List<double[]> types = new ArrayList<>(List.of(Ec2Table.normalisedJobTypes()));
            return new SizesSpec(Kind.EC2, types, new double[] {1, 1, 1}, Double.NaN, text);
        }
        final String[] kindAndArgs = SpecText.kindAndArgs(text);
        if (kindAndArgs == null) {
            throw new IllegalArgumentException("expected KIND:ARGS (uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., "
                + "truncnormal:CV:MEAN@WEIGHT,... or ec2)");
        }
        switch (kindAndArgs[0]) {
            case "uniform": {
                final String[] args = kindAndArgs[1].split(",", -1);
                if (args.length != 2) {
                    throw new IllegalArgumentException("expected uniform:LOW,HIGH");
                }
                final double[] low = SpecText.vector(args[0]);
                final double[] high = SpecText.vector(args[1]);
                if (low.length != high.length) {
                    throw new IllegalArgumentException("LOW has " + low.length + " resources, HIGH " + high.length);
                }
                return new SizesSpec(Kind.UNIFORM, List.of(low, high), null, Double.NaN, text);
            }
            case "discrete": {
                final List<double[]> vectors = new ArrayList<>();
                final double[] weights = weighted(kindAndArgs[1], "SIZE@WEIGHT", vectors);
                return new SizesSpec(Kind.DISCRETE, vectors, weights, Double.NaN, text);
            }
            case "truncnormal": {
                final int colon = kindAndArgs[1].indexOf(':');
                if (colon <= 0) {
                    throw new IllegalArgumentException("expected truncnormal:CV:MEAN@WEIGHT,...");
                }
                final double cv = SpecText.number(kindAndArgs[1].substring(0, colon));
                final List<double[]> means = new ArrayList<>();
                final double[] weights = weighted(kindAndArgs[1].substring(colon + 1), "MEAN@WEIGHT", means);
                return new SizesSpec(Kind.TRUNCNORMAL, means, weights, cv, text);
            }
            default:
                throw new IllegalArgumentException("unknown size distribution '" + kindAndArgs[0]
                    + "' (uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... or ec2)");
        }
    }

    /** Parses {@code VECTOR@WEIGHT,...} into vectors (added to {@code out}) and returns the weights. */
    private static double[] weighted(final String text, final String form, final List<double[]> out) {
        final String[] items = text.split(",", -1);
        final double[] weights = new double[items.length];
        double total = 0;
        for (int i = 0; i < items.length; i++) {
            final String[] valueAndWeight = items[i].split("@", -1);
            if (valueAndWeight.length != 2) {
                throw new IllegalArgumentException("expected " + form + ", got '" + items[i] + "'");
            }
            final double[] vector = SpecText.vector(valueAndWeight[0]);
            if (!out.isEmpty() && vector.length != out.get(0).length) {
                throw new IllegalArgumentException("type " + i + " has " + vector.length + " resources, type 0 has "
                    + out.get(0).length);
            }
            out.add(vector);
            weights[i] = SpecText.number(valueAndWeight[1]);
            if (weights[i] < 0) {
                throw new IllegalArgumentException("weight of type " + i + " must be finite and >= 0: " + weights[i]);
            }
            total += weights[i];
        }
        if (!(total > 0) || Double.isInfinite(total)) {
            throw new IllegalArgumentException("type weights sum to " + total + "; it must be finite and > 0");
        }
        return weights;
    }

    /** Resources per job. */
    public int dimensions() {
        return vectors.get(0).length;
    }

    /** The types' size vectors (fractions of 1.0) for a discrete kind ({@code discrete}, {@code ec2}); else null. */
    public double[][] discreteTypes() {
        return kind == Kind.DISCRETE || kind == Kind.EC2 ? vectors.toArray(new double[0][]) : null;
    }

    /** The distribution at resolution {@code units}; an error names {@code --sizes} and the value. */
    public SizeDistribution distribution(final Units units) {
        try {
            switch (kind) {
                case UNIFORM:
                    return SizeDistribution.uniform(units, vectors.get(0), vectors.get(1));
                case TRUNCNORMAL:
                    return SizeDistribution.truncatedNormal(units, vectors.toArray(new double[0][]), cv, weights);
                default:
                    return SizeDistribution.discrete(units, vectors.toArray(new double[0][]), weights);
            }
        } catch (final IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    /** {@code invalid value for --sizes: 'TEXT': REASON}. */
    public IllegalArgumentException error(final String reason) {
        return new SpecException(text, reason).forFlag("--sizes");
    }

    @Override
    public String toString() {
        return text;
    }
}
