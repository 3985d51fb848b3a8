package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.stowage.cli.spec.ArrivalsSpec;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.cli.spec.ServiceSpec;
import org.stowage.cli.spec.SizesSpec;
import org.stowage.cli.spec.SpecException;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/** The spec types every command shares: what they accept, what they refuse, and the numbers they derive. */
class SpecsTest {
    private static final Units UNITS = Units.defaults();

    @Test
    void serversAreGroupsNeverListedOneByOne() {
        final ServersSpec huge = ServersSpec.parse("2000000000x1.0,2000000000x0.5");
        assertEquals(4_000_000_000L, huge.count(), "counted without allocating a server");
        final ServersSpec groups = ServersSpec.parse("2x1.0/1.0,3x0.5/2.0");
        assertEquals(2, groups.dimensions(1));
        assertArrayEquals(new int[] {1_000_000, 1_000_000, 1_000_000, 1_000_000, 500_000, 2_000_000, 500_000,
            2_000_000, 500_000, 2_000_000}, groups.packedCapacities(UNITS, 1));
        final ServerClasses classes = groups.classes(UNITS, new double[] {1}, "--capacity", "1");
        assertEquals(2, classes.count());
        assertEquals(3, classes.size(1));
        assertArrayEquals(new int[] {1_000_000, 1_000_000}, ServersSpec.parse("2").packedCapacities(UNITS, 1));
        assertArrayEquals(new int[] {1_000_000, 1_000_000, 1_000_000}, ServersSpec.parse("ec2:1").packedCapacities(UNITS, 1));
    }

    @Test
    void google2011IsTable1WithItsOwnCountsOrNPerConfiguration() {
        final ServersSpec table = ServersSpec.parse("google2011");
        assertEquals(12_583, table.count());
        assertEquals(2, table.dimensions(1));
        assertArrayEquals(org.stowage.core.workload.Clusters.google2011(UNITS).capacities(), table.packedCapacities(UNITS, 1));
        final ServersSpec thousand = ServersSpec.parse("google2011:1000");
        assertEquals(10_000, thousand.count());
        assertArrayEquals(org.stowage.core.workload.Clusters.google2011(UNITS, 1000).capacities(),
            thousand.packedCapacities(UNITS, 1));
        assertEquals(10, thousand.classes(UNITS, new double[] {1, 1}, "--capacity", "1").count());
        assertEquals("'google2011:x': 'x' is not a whole number of machines per configuration",
            assertThrows(SpecException.class, () -> ServersSpec.parse("google2011:x")).getMessage());
    }

    @Test
    void badServersNameTheValueAndTheReason() {
        assertEquals("'2x1.0,3x' : expected COUNTxCAPACITY, got '3x'".replace("' : ", "': "),
            assertThrows(SpecException.class, () -> ServersSpec.parse("2x1.0,3x")).getMessage());
        assertEquals("'2x1/1,3x1': group '3x1' has 1 resources, an earlier one 2",
            assertThrows(SpecException.class, () -> ServersSpec.parse("2x1/1,3x1")).getMessage());
        assertEquals("'abc': 'abc' is not a whole number of servers",
            assertThrows(SpecException.class, () -> ServersSpec.parse("abc")).getMessage());
        assertEquals("'9223372036854775807x1,1x1': more than 9223372036854775807 servers",
            assertThrows(SpecException.class, () -> ServersSpec.parse("9223372036854775807x1,1x1")).getMessage());
    }

    @Test
    void sizesAreCheckedForFiniteNumbersAndUsableWeights() {
        assertEquals("'discrete:0.5@1e308,0.2@1e308': type weights sum to Infinity; it must be finite and > 0",
            assertThrows(SpecException.class, () -> SizesSpec.parse("discrete:0.5@1e308,0.2@1e308")).getMessage());
        assertEquals("'uniform:0.1,NaN': 'NaN' is not a finite number",
            assertThrows(SpecException.class, () -> SizesSpec.parse("uniform:0.1,NaN")).getMessage());
        assertEquals("'uniform:0.1/0.1,0.5': LOW has 2 resources, HIGH 1",
            assertThrows(SpecException.class, () -> SizesSpec.parse("uniform:0.1/0.1,0.5")).getMessage());
        assertEquals("'discrete:0.2/0.5@1,0.4@1': type 1 has 1 resources, type 0 has 2",
            assertThrows(SpecException.class, () -> SizesSpec.parse("discrete:0.2/0.5@1,0.4@1")).getMessage());
        final SizesSpec ec2 = SizesSpec.parse("ec2");
        assertEquals(3, ec2.dimensions());
        assertEquals(15 / 90.0, ec2.discreteTypes()[0][0], 1e-15);
    }

    /** The same value gives the same message in run and capacity: there is one parser. */
    @Test
    void runAndCapacityShareTheParser() {
        for (final String[] flagAndValue : new String[][] {{"--sizes", "discrete:0.4@x"}, {"--servers", "2x"},
            {"--servers", "0"}, {"--sizes", "gamma:2"}}) {
            final String run = error("run", flagAndValue[0], flagAndValue[1]);
            final String capacity = error("capacity", flagAndValue[0], flagAndValue[1]);
            assertEquals(run.replace("stowage run: ", ""), capacity.replace("stowage capacity: ", ""));
        }
    }

    private static String error(final String... args) {
        final StringWriter err = new StringWriter();
        assertEquals(2, StowageCli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args));
        return err.toString();
    }

    @Test
    void serviceLawsKnowWhetherTheyAreWholeSlots() {
        assertEquals(true, ServiceSpec.parse("geometric:100").wholeSlots());
        assertEquals(true, ServiceSpec.parse("deterministic:100").wholeSlots());
        assertEquals(false, ServiceSpec.parse("deterministic:2.5").wholeSlots());
        assertEquals(false, ServiceSpec.parse("exponential:1").wholeSlots());
        assertEquals("'geometric:1e300': must be at most 2^43 = 8796093022208 (beyond, times stop being exact): 1.0E300",
            assertThrows(SpecException.class, () -> ServiceSpec.parse("geometric:1e300")).getMessage());
    }

    /** E[min(S, t)], against the sum of P(S > u) over the slots u < t it stands for. */
    @Test
    void meanServiceWithinTheHorizonMatchesItsDefinition() {
        final double mean = 100;
        for (final int t : new int[] {1, 2, 7, 100, 1000}) {
            double sum = 0;
            for (int u = 0; u < t; u++) {
                sum += Math.pow(1 - 1 / mean, u);
            }
            assertEquals(sum, ServiceSpec.parse("geometric:100").meanCappedAt(t), 1e-9 * sum, "t = " + t);
            assertEquals(Math.min(30, t), ServiceSpec.parse("deterministic:30").meanCappedAt(t));
        }
        assertEquals(2 * (1 - Math.exp(-0.5)), ServiceSpec.parse("exponential:2").meanCappedAt(1), 1e-15);
        assertEquals(100, ServiceSpec.parse("geometric:100").meanCappedAt(Double.POSITIVE_INFINITY), 1e-9);
    }

    @Test
    void arrivalsAreAProcessOrABatch() {
        assertEquals(0, ArrivalsSpec.parse("poisson").batch());
        assertEquals(3_000_000_000L, ArrivalsSpec.parse("batch:3000000000").batch());
        assertEquals("'batch:0': job count must be >= 1: 0",
            assertThrows(SpecException.class, () -> ArrivalsSpec.parse("batch:0")).getMessage());
        assertEquals("'batch:1.5': '1.5' is not a whole number of jobs",
            assertThrows(SpecException.class, () -> ArrivalsSpec.parse("batch:1.5")).getMessage());
    }
}
