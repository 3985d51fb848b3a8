package org.stowage.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;
import org.stowage.testkit.EventLog;

/**
 * What FIFO-WF decides, by hand: the twin is held to the kernel, but both could misread the rule; this
 * checks the rule itself on three servers of 10 units.
 */
class FifoWorstFitTest {
    @Test
    void eachHeadGoesToTheServerWithTheMostRoomAndTheQueueWaitsBehindAHeadThatFitsNowhere() {
        final EventLog log = new EventLog();
        Simulation.builder()
            .servers(ServerTable.homogeneous(3, 10))
            .workload(JobList.of("six jobs", Units.defaults(), 1,
                new double[] {0, 0, 0, 0, 0, 0},          // all arrive at 0
                new double[] {10, 10, 10, 10, 10, 10},    // and stay 10 slots
                null, null,
                new int[] {
                    4,   // all servers empty: the lowest index, server 0
                    3,   // servers 1 and 2 have 10 free: server 1
                    5,   // server 2 has 10 free
                    6,   // the most room is 7 (server 1): it fits there
                    8,   // the most room is now 6: waits, blocking the next
                    1})  // would fit, but waits behind the head (FIFO); at 10 all is free again
                .workload(TimeMode.SLOTTED, 1))
            .scheduler(Kernels.byName("FIFO-WF"))
            .timeMode(TimeMode.SLOTTED)
            .listener(log)
            .checkInvariants(true)
            .build()
            .runToCompletion();
        assertEquals(List.of("0.0 job=0 server=0", "0.0 job=1 server=1", "0.0 job=2 server=2", "0.0 job=3 server=1",
            "10.0 job=4 server=0", "10.0 job=5 server=1"), log.starts());
    }
}
