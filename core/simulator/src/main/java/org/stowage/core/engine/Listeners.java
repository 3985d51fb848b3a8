package org.stowage.core.engine;

import java.util.Arrays;
import java.util.List;

/**
 * A simulation's listeners as one: each event goes to every listener, in the order they were added. Adding
 * copies the array (before the run); delivering an event is one interface call per listener, with no
 * allocation.
 */
final class Listeners implements SimulationListener {
    private SimulationListener[] all;

    Listeners(final List<SimulationListener> listeners) {
        this.all = listeners.toArray(new SimulationListener[0]);
    }

    void add(final SimulationListener listener) {
        all = Arrays.copyOf(all, all.length + 1);
        all[all.length - 1] = listener;
    }

    @Override
    public void onArrival(final double time, final int job) {
        for (final SimulationListener listener : all) {
            listener.onArrival(time, job);
        }
    }

    @Override
    public void onRejected(final double time, final int job, final RejectReason reason) {
        for (final SimulationListener listener : all) {
            listener.onRejected(time, job, reason);
        }
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        for (final SimulationListener listener : all) {
            listener.onStart(time, job, server);
        }
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        for (final SimulationListener listener : all) {
            listener.onDeparture(time, job, server);
        }
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        for (final SimulationListener listener : all) {
            listener.onDummyStart(time, job, server);
        }
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        for (final SimulationListener listener : all) {
            listener.onDummyEnd(time, job, server, cancelled);
        }
    }

    @Override
    public void onDecision(final double time) {
        for (final SimulationListener listener : all) {
            listener.onDecision(time);
        }
    }
}
