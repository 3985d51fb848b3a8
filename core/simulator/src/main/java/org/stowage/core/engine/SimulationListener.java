package org.stowage.core.engine;

/**
 * Observes a simulation: metrics, event logs, invariant checks. Callbacks take primitives only and run on
 * the simulation thread; job handles are valid during the call (a departed job's handle is recycled right
 * after {@link #onDeparture}). The real-job callbacks never see dummy jobs; dummies have their own.
 */
public interface SimulationListener {
    /** A job arrived (before the scheduler sees it). */
    default void onArrival(final double time, final int job) {
    }

    /** An arrived job was refused and counted under {@code reason}. */
    default void onRejected(final double time, final int job, final RejectReason reason) {
    }

    /** A job started service on {@code server}. */
    default void onStart(final double time, final int job, final int server) {
    }

    /** A job finished and left {@code server}. */
    default void onDeparture(final double time, final int job, final int server) {
    }

    /** A kernel placed dummy job {@code job} on {@code server}. */
    default void onDummyStart(final double time, final int job, final int server) {
    }

    /** Dummy {@code job} left {@code server}: at its departure time, or earlier when {@code cancelled}. */
    default void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
    }

    /** The scheduler's decision at {@code time} has returned. */
    default void onDecision(final double time) {
    }
}
