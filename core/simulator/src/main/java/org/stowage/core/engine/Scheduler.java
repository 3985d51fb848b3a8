package org.stowage.core.engine;

/**
 * A scheduler kernel: decides which queued job goes to which server.
 *
 * <p>The simulation calls these methods with primitive arguments only; a kernel acts on the cluster
 * through the {@link SchedulerContext} it receives in {@link #attach}. Callbacks at one instant come in a
 * fixed order (see {@link Simulation}): departures, then arrivals, then ticks, then one {@link #decide}.
 * A kernel must not allocate in any callback once warmed up.
 *
 * <h2>Where a kernel may act</h2>
 * Every callback may place jobs ({@link SchedulerContext#place}), place and remove dummy jobs
 * ({@link SchedulerContext#placeDummy}, {@link SchedulerContext#removeDummy}) and ask for ticks: BF-J/S
 * places in {@link #decide}; RMS places from {@link #onTick} (its Poisson clocks) and from
 * {@link #onDeparture} (the replacement coin); a dispatcher such as LoTES places or queues an arriving job
 * in {@link #onArrival}. The only obligations are those below: an arriving job is queued or placed before
 * {@link #onArrival} returns, and no job is left PENDING when {@link #decide} returns.
 *
 * <p>One instance serves one simulation. {@link SchedulerFactory} makes fresh instances.
 */
public interface Scheduler {
    /** Short name, as used on the command line (for example {@code BF-J/S}). */
    String name();

    /** Called once, before any event, with the context of the simulation this kernel serves. */
    void attach(SchedulerContext context);

    /**
     * A job arrived and is PENDING. Before returning, the kernel must enqueue it in one of its queues or
     * place it on a server; the simulation fails otherwise.
     */
    void onArrival(int job);

    /**
     * {@code job} finished and has left {@code server}, whose residual already includes the freed
     * resources. The job's attributes stay readable during this call only. Dummy jobs that depart at their
     * time are reported here too ({@link org.stowage.core.state.JobView#isDummy}); a dummy removed early by
     * {@link SchedulerContext#removeDummy} is not.
     */
    void onDeparture(int job, int server);

    /** A tick this kernel asked for with {@link SchedulerContext#scheduleTick}. */
    default void onTick(final long tag) {
    }

    /**
     * The decision point that closes every instant at which something happened. When it returns, every
     * job is queued or running (none PENDING).
     */
    void decide(double now);
}
