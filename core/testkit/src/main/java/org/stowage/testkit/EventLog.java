package org.stowage.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.engine.RejectReason;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.state.DeviceView;

/**
 * Records every event, to compare two runs event by event. Each event is kept as four longs (its kind and
 * detail, the time's bits, the job and server, the devices taken), so recording and comparing a run's
 * million events costs no text; {@link #lines()} renders them as lines ({@code "S 5.0 job=0 server=1"}) for
 * assertions and failure messages. Two events are equal exactly when their lines are: times compare by
 * their bits, which for the engine's times (never NaN) is what their decimal text compares. Allocates as
 * it grows; tests only.
 */
public class EventLog implements SimulationListener {
    private static final int ARRIVAL = 0;
    private static final int REJECTED = 1;
    private static final int START = 2;
    private static final int DEPARTURE = 3;
    private static final int DUMMY_START = 4;
    private static final int DUMMY_END = 5;
    private static final int DUMMY_CANCELLED = 6;
    private static final int LONGS_PER_EVENT = 4;
    private static final long NO_DEVICES = -1;
    private static final RejectReason[] REASONS = RejectReason.values();

    private long[] events = new long[LONGS_PER_EVENT * 256];
    private int size;
    private DeviceView devices;

    /** Also records the devices (GPUs) each start takes, read from {@code view} (a simulation's). */
    public EventLog watchDevices(final DeviceView view) {
        this.devices = view.hasDevices() ? view : null;
        return this;
    }

    @Override
    public void onArrival(final double time, final int job) {
        record(ARRIVAL, time, job, 0, NO_DEVICES);
    }

    @Override
    public void onRejected(final double time, final int job, final RejectReason reason) {
        record(REJECTED | reason.ordinal() << 8, time, job, 0, NO_DEVICES);
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        record(START, time, job, server, devices == null ? NO_DEVICES : devices.taken(job) & 0xFFFF_FFFFL);
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        record(DEPARTURE, time, job, server, NO_DEVICES);
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        record(DUMMY_START, time, job, server, NO_DEVICES);
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        record(cancelled ? DUMMY_CANCELLED : DUMMY_END, time, job, server, NO_DEVICES);
    }

    private void record(final int kind, final double time, final int job, final int server, final long taken) {
        if (LONGS_PER_EVENT * (size + 1) > events.length) {
            events = Arrays.copyOf(events, events.length * 2);
        }
        final int at = LONGS_PER_EVENT * size++;
        events[at] = kind;
        events[at + 1] = Double.doubleToLongBits(time);
        events[at + 2] = (long) job << 32 | server & 0xFFFF_FFFFL;
        events[at + 3] = taken;
    }

    /** The number of events recorded. */
    public int size() {
        return size;
    }

    /** Every event as a line, in order. */
    public List<String> lines() {
        final List<String> lines = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            lines.add(line(i));
        }
        return lines;
    }

    /** The starts only, as {@code "TIME job=J server=S"}. */
    public List<String> starts() {
        final List<String> starts = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (events[LONGS_PER_EVENT * i] == START) {
                starts.add(line(i).substring(2));
            }
        }
        return starts;
    }

    /** Event {@code index} as a line: {@code "A TIME job=J"}, {@code "S TIME job=J server=S"} and so on. */
    public String line(final int index) {
        final int at = LONGS_PER_EVENT * index;
        final int kind = (int) events[at];
        final double time = Double.longBitsToDouble(events[at + 1]);
        final int job = (int) (events[at + 2] >>> 32);
        final int server = (int) events[at + 2];
        final String where = " job=" + job + " server=" + server;
        return switch (kind & 0xFF) {
            case ARRIVAL -> "A " + time + " job=" + job;
            case REJECTED -> "R " + time + " job=" + job + " " + REASONS[kind >>> 8];
            case START -> "S " + time + where
                + (events[at + 3] == NO_DEVICES ? "" : " devices=0x" + Integer.toHexString((int) events[at + 3]));
            case DEPARTURE -> "D " + time + where;
            case DUMMY_START -> "d+ " + time + where;
            case DUMMY_END -> "d- " + time + where;
            case DUMMY_CANCELLED -> "dx " + time + where;
            default -> throw new IllegalStateException("event kind " + kind);
        };
    }

    /** Index of the first event where the logs differ, or -1 if they are equal. */
    public static int firstDifference(final EventLog a, final EventLog b) {
        final int common = Math.min(a.size, b.size);
        final int mismatch = Arrays.mismatch(a.events, 0, LONGS_PER_EVENT * common, b.events, 0,
            LONGS_PER_EVENT * common);
        if (mismatch >= 0) {
            return mismatch / LONGS_PER_EVENT;
        }
        return a.size == b.size ? -1 : common;
    }

    /** The lines around {@code index}, for failure messages. */
    public String around(final int index) {
        final StringBuilder text = new StringBuilder();
        for (int i = Math.max(0, index - 3); i < Math.min(size, index + 2); i++) {
            text.append(i == index ? " >> " : "    ").append(line(i)).append('\n');
        }
        return text.toString();
    }
}
