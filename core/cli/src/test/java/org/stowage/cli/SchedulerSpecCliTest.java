package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Scheduler specs with parameters on the command line: commas inside NAME:key=value,... do not split. */
class SchedulerSpecCliTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final String... args) {
        return cli.run(args);
    }

    @Test
    void parameterisedSchedulersAreOneRowEach() {
        assertEquals(0, run("run", "--scheduler", "VQS-BF:J=7,stall=0.5,BF-J/S:stall=true,VQS", "--horizon", "20000",
            "--warmup", "1000"), cli.err());
        final String[] lines = cli.out().split("\n");
        assertEquals(7, lines.length, cli.out());
        assertTrue(lines[4].startsWith("VQS-BF:J=7,stall=0.5 "), lines[4]);
        assertTrue(lines[5].startsWith("BF-J/S:stall=true "), lines[5]);
        assertTrue(lines[6].startsWith("VQS "), lines[6]);
    }

    @Test
    void aBadParameterIsOneLineNamingKeyAndValue() {
        assertEquals(2, run("run", "--scheduler", "VQS:J=1"));
        assertEquals("stowage run: invalid value for --scheduler: invalid value for parameter J of VQS: '1'"
            + " (an integer in [2, 30])" + System.lineSeparator(), cli.err());
    }
}
