package org.stowage.core.engine;

/**
 * How simulated time advances.
 */
public enum TimeMode {
    /**
     * Psychas and Ghaderi 2019, Sec. II: time is divided into slots t = 0, 1, ...; jobs arrive at the start
     * of a slot, one scheduling decision is made per slot, and a job placed in slot t with a service of k
     * slots (k &gt;= 1, an integer) releases its resources at the start of slot t + k, before that slot's
     * decision. Arrival times and service times must be whole numbers.
     */
    SLOTTED,
    /**
     * Psychas and Ghaderi 2018, Sec. II: events happen at real times; a decision follows every instant at
     * which something happened (arrivals, departures, scheduler clock ticks). Service times are any
     * positive finite reals.
     */
    CONTINUOUS
}
