package org.stowage.cli.plan;

import org.stowage.core.engine.TimeMode;
import org.stowage.terminal.InvalidValueException;

/**
 * The one rule for {@code --horizon} and {@code --warmup}, on every path (generated workloads, traces,
 * sweep axes): a horizon is a finite number in (0, 2<sup>53</sup>], beyond which times and slot numbers
 * stop being exact doubles (the limit a trace's last arrival is held to as well), and a warm-up lies in
 * [0, horizon). {@code 1e400} parses as infinity and is refused here, naming {@code --horizon}. In slotted
 * time both count whole slots: a fractional value would be cut to a slot boundary, so it is refused rather
 * than changed.
 */
public final class Horizons {
    /** Largest horizon: 2^53. */
    static final double MAX_HORIZON = 0x1p53;

    private Horizons() {
    }

    /** {@code horizon} if it is in (0, 2^53]; else a one-line error naming {@code --horizon}. */
    static double checkHorizon(final double horizon) {
        if (!(horizon > 0 && horizon <= MAX_HORIZON)) {
            throw new InvalidValueException("--horizon", horizon + " (must be in (0, 2^53 = "
                + (long) MAX_HORIZON + "]: times beyond 2^53 are not exact)");
        }
        return horizon;
    }

    /** {@code warmup} if it is in [0, horizon); else a one-line error naming {@code --warmup}. */
    static double checkWarmup(final double warmup, final double horizon) {
        if (!(warmup >= 0) || !(warmup < horizon)) {
            throw new InvalidValueException("--warmup", warmup + " (must be in [0, horizon))");
        }
        return warmup;
    }

    /**
     * In slotted time, refuses a given {@code --horizon} or {@code --warmup} that is not a whole number of
     * slots (null: not given); continuous time takes any value.
     */
    static void requireWholeSlots(final Double horizon, final Double warmup, final TimeMode mode) {
        if (mode != TimeMode.SLOTTED) {
            return;
        }
        if (horizon != null && horizon != Math.rint(horizon) && Double.isFinite(horizon)) {
            throw new InvalidValueException("--horizon", horizon + " (slotted time counts whole"
                + " slots; a fraction would be cut; --time-mode continuous takes any time)");
        }
        if (warmup != null && warmup != Math.rint(warmup) && Double.isFinite(warmup)) {
            throw new InvalidValueException("--warmup", warmup + " (slotted time counts whole"
                + " slots; a fraction would be cut; --time-mode continuous takes any time)");
        }
    }
}
