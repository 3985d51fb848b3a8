package org.stowage.testkit;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.engine.RejectReason;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.state.DeviceView;

/** Records every event as a line, to compare two runs event by event. Allocates; tests only. */
public class EventLog implements SimulationListener {
    private final List<String> lines = new ArrayList<>();
    private DeviceView devices;

    /** Also records the devices (GPUs) each start takes, read from {@code view} (a simulation's). */
    public EventLog watchDevices(final DeviceView view) {
        this.devices = view.hasDevices() ? view : null;
        return this;
    }

    @Override
    public void onArrival(final double time, final int job) {
        lines.add("A " + time + " job=" + job);
    }

    @Override
    public void onRejected(final double time, final int job, final RejectReason reason) {
        lines.add("R " + time + " job=" + job + " " + reason);
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        lines.add("S " + time + " job=" + job + " server=" + server
            + (devices == null ? "" : " devices=0x" + Integer.toHexString(devices.taken(job))));
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        lines.add("D " + time + " job=" + job + " server=" + server);
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        lines.add("d+ " + time + " job=" + job + " server=" + server);
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        lines.add((cancelled ? "dx " : "d- ") + time + " job=" + job + " server=" + server);
    }

    public List<String> lines() {
        return lines;
    }

    /** The starts only, as {@code "TIME job=J server=S"}. */
    public List<String> starts() {
        final List<String> starts = new ArrayList<>();
        for (final String line : lines) {
            if (line.startsWith("S ")) {
                starts.add(line.substring(2));
            }
        }
        return starts;
    }

    /** Index of the first line where the logs differ, or -1 if they are equal. */
    public static int firstDifference(final EventLog a, final EventLog b) {
        final int common = Math.min(a.lines.size(), b.lines.size());
        for (int i = 0; i < common; i++) {
            if (!a.lines.get(i).equals(b.lines.get(i))) {
                return i;
            }
        }
        return a.lines.size() == b.lines.size() ? -1 : common;
    }

    /** The lines around {@code index}, for failure messages. */
    public String around(final int index) {
        final StringBuilder text = new StringBuilder();
        for (int i = Math.max(0, index - 3); i < Math.min(lines.size(), index + 2); i++) {
            text.append(i == index ? " >> " : "    ").append(lines.get(i)).append('\n');
        }
        return text.toString();
    }
}
