package org.stowage.core.trace;

import java.util.Objects;

import org.stowage.core.Units;

/**
 * How a trace is turned into jobs. Immutable; {@link #defaults()} then {@code with...} to change a field.
 *
 * <ul>
 *   <li>{@code dimensions}: 1 or 2 resources. Google and Alibaba: 1 = max(CPU, memory), each normalized
 *       first (the 2019 paper's single resource); 2 = (CPU, memory). SWF: 1 = processors; 2 = (processors,
 *       memory) and needs {@code swfMemoryKb}.</li>
 *   <li>{@code units}: fixed-point resolution; sizes round up ({@link Units#sizeUnits}).</li>
 *   <li>{@code swfProcessors}: processors of the machine, or 0 to take {@code MaxProcs} from the header.</li>
 *   <li>{@code swfMemoryKb}: memory of the machine in KB for two-resource SWF (0 = none given).</li>
 *   <li>{@code maxLineBytes}: longest line accepted (64 KiB by default).</li>
 *   <li>{@code googleRule}: which Google 2011 task events become jobs ({@link GoogleRule}; the 2019 paper's
 *       {@link GoogleRule#COMPLETED_TASKS} by default).</li>
 *   <li>{@code googleBeforeWindow}: with {@link GoogleRule#ATTEMPTS} only, keep the attempts submitted before
 *       the trace window (timestamp 0) as a batch arriving at the window start, 600 s (Tran et al. 2018,
 *       Sec. 5.3.3: "all these jobs enter the system at the beginning as a large batch"); off by default.</li>
 * </ul>
 */
public final class TraceOptions {
    private static final TraceOptions DEFAULTS = new TraceOptions(1, Units.defaults(), 0, 0,
        LineSource.DEFAULT_MAX_LINE_BYTES, GoogleRule.COMPLETED_TASKS, false);

    private final int dimensions;
    private final Units units;
    private final long swfProcessors;
    private final double swfMemoryKb;
    private final int maxLineBytes;
    private final GoogleRule googleRule;
    private final boolean googleBeforeWindow;

    private TraceOptions(final int dimensions, final Units units, final long swfProcessors, final double swfMemoryKb,
                         final int maxLineBytes, final GoogleRule googleRule, final boolean googleBeforeWindow) {
        this.dimensions = dimensions;
        this.units = units;
        this.swfProcessors = swfProcessors;
        this.swfMemoryKb = swfMemoryKb;
        this.maxLineBytes = maxLineBytes;
        this.googleRule = googleRule;
        this.googleBeforeWindow = googleBeforeWindow;
    }

    /** One resource, default units, SWF capacity from the header, 64 KiB lines. */
    public static TraceOptions defaults() {
        return DEFAULTS;
    }

    /** @throws IllegalArgumentException unless 1 or 2 */
    public TraceOptions withDimensions(final int value) {
        if (value != 1 && value != 2) {
            throw new IllegalArgumentException("trace resources must be 1 or 2: " + value);
        }
        return new TraceOptions(value, units, swfProcessors, swfMemoryKb, maxLineBytes, googleRule, googleBeforeWindow);
    }

    public TraceOptions withUnits(final Units value) {
        return new TraceOptions(dimensions, Objects.requireNonNull(value, "units"), swfProcessors, swfMemoryKb,
            maxLineBytes, googleRule, googleBeforeWindow);
    }

    /** @param value processors of the machine; 0 to read {@code MaxProcs} from the SWF header */
    public TraceOptions withSwfProcessors(final long value) {
        if (value < 0) {
            throw new IllegalArgumentException("SWF processor capacity must be >= 0 (0 = from the header): " + value);
        }
        return new TraceOptions(dimensions, units, value, swfMemoryKb, maxLineBytes, googleRule, googleBeforeWindow);
    }

    /** @param value memory of the machine in KB (for two-resource SWF); 0 for none */
    public TraceOptions withSwfMemoryKb(final double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("SWF memory capacity must be a finite number of KB >= 0: " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, value, maxLineBytes, googleRule, googleBeforeWindow);
    }

    public TraceOptions withMaxLineBytes(final int value) {
        if (value < 1 || value > (1 << 26)) {
            throw new IllegalArgumentException("maximum line length must be in [1, 2^26] bytes: " + value);
        }
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, value, googleRule, googleBeforeWindow);
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
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, value, googleBeforeWindow);
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
        return new TraceOptions(dimensions, units, swfProcessors, swfMemoryKb, maxLineBytes, googleRule, value);
    }

    public GoogleRule googleRule() {
        return googleRule;
    }

    public boolean googleBeforeWindow() {
        return googleBeforeWindow;
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

    @Override
    public String toString() {
        return "TraceOptions[dimensions=" + dimensions + ", " + units + ", swfProcessors=" + swfProcessors
            + ", swfMemoryKb=" + swfMemoryKb + ", maxLineBytes=" + maxLineBytes + ", googleRule=" + googleRule
            + (googleBeforeWindow ? " with the before-window batch" : "") + "]";
    }
}
