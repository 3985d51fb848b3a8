package org.stowage.core.trace;

import java.util.Objects;

import org.stowage.core.Units;

/**
 * How a trace is turned into jobs. Immutable; {@link #defaults()} then {@code with...} to change a field.
 *
 * <ul>
 *   <li>{@code dimensions}: 1, 2 or 3 resources. Google and Alibaba: 1 = max(CPU, memory), each normalized
 *       first (the 2019 paper's single resource); 2 = (CPU, memory); Google only: 3 = (CPU, memory, disk),
 *       as Hu and Li 2022 use it. SWF: 1 = processors; 2 = (processors, memory) and needs
 *       {@code swfMemoryKb}.</li>
 *   <li>{@code units}: fixed-point resolution; sizes round up ({@link Units#sizeUnits}).</li>
 *   <li>{@code swfProcessors}: processors of the machine, or 0 to take {@code MaxProcs} from the header.</li>
 *   <li>{@code swfMemoryKb}: memory of the machine in KB for two-resource SWF (0 = none given).</li>
 *   <li>{@code maxLineBytes}: longest line accepted (64 KiB by default).</li>
 *   <li>{@code googleMaxPriority}: Google only; keep a task only if the priority on its SUBMIT row is at most
 *       this ({@link #NO_PRIORITY_LIMIT} by default: no filter). {@link #GOOGLE_NON_PRODUCTION} = 8 keeps the
 *       non-production tasks of Psychas and Ghaderi 2018, Sec. VII-B1 (Google's ClusterData2011_2 notes:
 *       priorities 0..11, "9, 10, and 11 are 'production' priorities").</li>
 *   <li>{@code dyadicTypes}: 0 (default) keeps sizes as read; {@code P > 0} rounds each kept task's size up
 *       to the nearest 2<sup>-p</sup>, p = 0..P-1, and makes {@code p} its job class: the 2018 paper's ten
 *       types for {@code P} = {@link #PAPER_2018_DYADIC_TYPES} (Sec. VII-B2). One resource only (the paper
 *       rounds CPU and memory, then takes the larger, which equals rounding the larger); the resolution must
 *       be divisible by 2<sup>P-1</sup> so every type is a whole number of units (checked at load).</li>
 *   <li>{@code googleRule}: which Google 2011 task events become jobs ({@link GoogleRule}; the 2019 paper's
 *       {@link GoogleRule#COMPLETED_TASKS} by default).</li>
 *   <li>{@code googleBeforeWindow}: with {@link GoogleRule#ATTEMPTS} only, keep the attempts submitted before
 *       the trace window (timestamp 0) as a batch arriving at the window start, 600 s (Tran et al. 2018,
 *       Sec. 5.3.3: "all these jobs enter the system at the beginning as a large batch"); off by default.</li>
 * </ul>
 *
 * <p>{@link #psychasGhaderi2018()} is the 2018 paper's preprocessing in one call.
 */
public final class TraceOptions {
    /** {@code googleMaxPriority} that keeps every priority. */
    public static final int NO_PRIORITY_LIMIT = Integer.MAX_VALUE;
    /** The largest non-production Google 2011 priority: 9, 10 and 11 are production. */
    public static final int GOOGLE_NON_PRODUCTION = 8;
    /** The 2018 paper's number of dyadic types: sizes 2^-p, p = 0..9 (Sec. VII-B2). */
    public static final int PAPER_2018_DYADIC_TYPES = 10;
    /** Most dyadic types: 2^-29 is still a whole number of units at the largest resolution. */
    public static final int MAX_DYADIC_TYPES = 30;
    /**
     * The resolution of {@link #psychasGhaderi2018()}: 2<sup>20</sup> units per 1.0, divisible by 2<sup>9</sup>
     * so that 1/512 is exactly 2048 units (the decimal default 10<sup>6</sup> is not: 1/128 would round up and
     * 128 of them would no longer fill a server).
     */
    public static final int PAPER_2018_RESOLUTION = 1 << 20;

    private static final TraceOptions DEFAULTS =
        new TraceOptions(1, Units.defaults(), 0, 0, LineSource.DEFAULT_MAX_LINE_BYTES, NO_PRIORITY_LIMIT, 0,
            GoogleRule.COMPLETED_TASKS, false);

    private final int dimensions;
    private final Units units;
    private final long swfProcessors;
    private final double swfMemoryKb;
    private final int maxLineBytes;
    private final int googleMaxPriority;
    private final int dyadicTypes;
    private final GoogleRule googleRule;
    private final boolean googleBeforeWindow;

    private TraceOptions(final int dimensions, final Units units, final long swfProcessors, final double swfMemoryKb,
                         final int maxLineBytes, final int googleMaxPriority, final int dyadicTypes,
                         final GoogleRule googleRule, final boolean googleBeforeWindow) {
        this.dimensions = dimensions;
        this.units = units;
        this.swfProcessors = swfProcessors;
        this.swfMemoryKb = swfMemoryKb;
        this.maxLineBytes = maxLineBytes;
        this.googleMaxPriority = googleMaxPriority;
        this.dyadicTypes = dyadicTypes;
        this.googleRule = googleRule;
        this.googleBeforeWindow = googleBeforeWindow;
    }

    /** One resource, default units, SWF capacity from the header, 64 KiB lines, no priority filter, sizes as read. */
    public static TraceOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Psychas and Ghaderi 2018, Sec. VII-B: non-production Google tasks (priority at most 8), one resource,
     * sizes rounded up to ten dyadic types 2<sup>-p</sup> (p = 0..9) that are the job classes, at the
     * resolution {@link #PAPER_2018_RESOLUTION}. The completion rule is the one every Google load applies.
     */
    public static TraceOptions psychasGhaderi2018() {
        return DEFAULTS.withUnits(new Units(PAPER_2018_RESOLUTION)).withGoogleMaxPriority(GOOGLE_NON_PRODUCTION)
            .withDyadicTypes(PAPER_2018_DYADIC_TYPES);
    }

    /** @throws IllegalArgumentException unless 1, 2 or 3 (3 only loads Google traces) */
    public TraceOptions withDimensions(final int value) {
        if (value < 1 || value > 3) {
            throw new IllegalArgumentException("trace resources must be 1, 2 or 3: " + value);
        }
        return new TraceOptions(value, units, swfProcessors, swfMemoryKb, maxLineBytes, googleMaxPriority,
            dyadicTypes, googleRule, googleBeforeWindow);
    }

    public TraceOptions withUnits(final Units value) {
        return new TraceOptions(dimensions, Objects.requireNonNull(value, "units"), swfProcessors, swfMemoryKb,
            maxLineBytes, googleMaxPriority, dyadicTypes, googleRule, googleBeforeWindow);
    }

    /** @param value processors of the machine; 0 to read {@code MaxProcs} from the SWF header */
    public TraceOptions withSwfProcessors(final long value) {
        if (value < 0) {
            throw new IllegalArgumentException("SWF processor capacity must be >= 0 (0 = from the header): " + value);
        }
        return new TraceOptions(dimensions, units, value, swfMemoryKb, maxLineBytes, googleMaxPriority,
            dyadicTypes, googleRule, googleBeforeWindow);
    }

    /** @param value memory of the machine in KB (for two-resource SWF); 0 for none */
    public TraceOptions withSwfMemoryKb(final double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("SWF memory capacity must be a finite number of KB >= 0: " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, value, maxLineBytes, googleMaxPriority,
            dyadicTypes, googleRule, googleBeforeWindow);
    }

    public TraceOptions withMaxLineBytes(final int value) {
        if (value < 1 || value > (1 << 26)) {
            throw new IllegalArgumentException("maximum line length must be in [1, 2^26] bytes: " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, value, googleMaxPriority,
            dyadicTypes, googleRule, googleBeforeWindow);
    }

    /**
     * @param value keep Google tasks whose SUBMIT priority is at most this: 0..11, or {@link #NO_PRIORITY_LIMIT}
     */
    public TraceOptions withGoogleMaxPriority(final int value) {
        if ((value < 0 || value > 11) && value != NO_PRIORITY_LIMIT) {
            throw new IllegalArgumentException("Google priority limit must be in [0, 11] (8 keeps non-production "
                + "tasks): " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, value,
            dyadicTypes, googleRule, googleBeforeWindow);
    }

    /** @param value 0 to keep sizes as read, or P in [1, 30]: sizes rounded up to 2^-p, p = 0..P-1, class p */
    public TraceOptions withDyadicTypes(final int value) {
        if (value < 0 || value > MAX_DYADIC_TYPES) {
            throw new IllegalArgumentException("dyadic types must be in [0, " + MAX_DYADIC_TYPES + "] (0 = sizes as "
                + "read, 10 = the 2018 paper's): " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, googleMaxPriority,
            value, googleRule, googleBeforeWindow);
    }

    public int dimensions() {
        return dimensions;
    }

    public Units units() {
        return units;
    }

    public long swfProcessors() {
        return swfProcessors;
    }

    public double swfMemoryKb() {
        return swfMemoryKb;
    }

    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** Largest Google priority kept, or {@link #NO_PRIORITY_LIMIT}. */
    public int googleMaxPriority() {
        return googleMaxPriority;
    }

    /** Number of dyadic types, 0 when sizes are kept as read. */
    public int dyadicTypes() {
        return dyadicTypes;
    }

    /** Which Google 2011 task events become jobs. */
    public TraceOptions withGoogleRule(final GoogleRule value) {
        if (value == null) {
            throw new IllegalArgumentException("Google rule must be given (COMPLETED_TASKS or ATTEMPTS)");
        }
        if (googleBeforeWindow && value != GoogleRule.ATTEMPTS) {
            throw new IllegalArgumentException("keeping tasks submitted before the window needs the ATTEMPTS rule: "
                + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, googleMaxPriority,
            dyadicTypes, value, googleBeforeWindow);
    }

    /**
     * Keep (true) or drop (false) the Google attempts submitted before the trace window.
     *
     * @throws IllegalArgumentException when true and the rule is not {@link GoogleRule#ATTEMPTS} (set the rule first)
     */
    public TraceOptions withGoogleBeforeWindow(final boolean value) {
        if (value && googleRule != GoogleRule.ATTEMPTS) {
            throw new IllegalArgumentException("keeping tasks submitted before the window needs the ATTEMPTS rule, not "
                + googleRule);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, googleMaxPriority,
            dyadicTypes, googleRule, value);
    }

    public GoogleRule googleRule() {
        return googleRule;
    }

    public boolean googleBeforeWindow() {
        return googleBeforeWindow;
    }

    @Override
    public String toString() {
        return "TraceOptions[dimensions=" + dimensions + ", " + units + ", swfProcessors=" + swfProcessors
            + ", swfMemoryKb=" + swfMemoryKb + ", maxLineBytes=" + maxLineBytes
            + (googleMaxPriority == NO_PRIORITY_LIMIT ? "" : ", googleMaxPriority=" + googleMaxPriority)
            + (dyadicTypes == 0 ? "" : ", dyadicTypes=" + dyadicTypes) + ", googleRule=" + googleRule
            + (googleBeforeWindow ? " with the before-window batch" : "") + "]";
    }
}
