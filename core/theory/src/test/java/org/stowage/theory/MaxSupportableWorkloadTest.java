package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/** rho* on the papers' examples, and column generation against full enumeration on random instances. */
class MaxSupportableWorkloadTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x7E0A1L);
    private static final Units UNITS = Units.defaults();

    /** 2019 paper, Sec. VII-A1: configuration (1, 1) supports any arrival rate below 0.02 at mu = 0.01. */
    @Test
    void oneUnitServerWithSizesPointFourAndPointSixSupportsTwo() {
        final Units decimal = new Units(1000);
        final JobTypes types = JobTypes.of(decimal, new double[][] {{0.4}, {0.6}}, new double[] {1, 1});
        final ServerClasses servers = ServerClasses.homogeneous(1, decimal.capacityUnits(1.0));
        for (final CapacityResult result : List.of(MaxSupportableWorkload.solve(types, servers),
                MaxSupportableWorkload.enumerate(types, servers))) {
            assertEquals(2.0, result.rho(), 1e-9, result.toString());
            assertEquals(0.02, result.lambda(0.01), 1e-11);
            assertTrue(result.converged());
            assertEquals(1, result.mix().size(), result.mix().toString());
            assertArrayEquals(new int[] {1, 1}, result.mix().get(0).configuration());
            assertEquals(1.0, result.mix().get(0).servers(), 1e-9);
            assertEquals(2.0, result.lowerBound(), 1e-9);
            assertEquals(2.0, result.upperBound(), 1e-9);
        }
    }

    /**
     * At a binary resolution of 2^20, 0.4 and 0.6 round up to 419431 and 629146 units, which together exceed
     * 1048576: (1, 1) is not a configuration of the simulated system, and rho* is 4/3 (two 0.4 jobs or one
     * 0.6 job at a time). The simulator's default decimal resolution keeps them exact, and rho* is 2.
     */
    @Test
    void atABinaryResolutionPointFourAndPointSixDoNotShareAServer() {
        final Units binary = new Units(1 << 20);
        final JobTypes types = JobTypes.of(binary, new double[][] {{0.4}, {0.6}}, new double[] {1, 1});
        final CapacityResult result = MaxSupportableWorkload.solve(types,
            ServerClasses.homogeneous(1, binary.capacityUnits(1.0)));
        assertEquals(4.0 / 3, result.rho(), 1e-9);
        final JobTypes decimal = JobTypes.of(Units.defaults(), new double[][] {{0.4}, {0.6}}, new double[] {1, 1});
        assertEquals(2.0, MaxSupportableWorkload.solve(decimal,
            ServerClasses.homogeneous(1, Units.defaults().capacityUnits(1.0))).rho(), 1e-9);
    }

    /**
     * 2019 paper, Sec. VII-A2: capacity 10, sizes 2 and 5 with P = (2/3, 1/3). The maximal configurations are
     * (5, 0), (2, 1) and (0, 2); (2, 1) alone gives rho = 3, but 4/9 of the time in (5, 0) and 5/9 in (0, 2)
     * serves rho * P = (20/9, 10/9) with rho = 10/3. The duals pi = (2/3, 5/3) certify it: every configuration
     * has weight <= 10/3 and <P, pi> = 1.
     */
    @Test
    void capacityTenWithSizesTwoAndFiveInRatioTwoToOneSupportsTenThirds() {
        final JobTypes types = JobTypes.of(UNITS, new double[][] {{2}, {5}}, new double[] {2, 1});
        final CapacityResult result = MaxSupportableWorkload.solve(types,
            ServerClasses.homogeneous(1, UNITS.capacityUnits(10.0)));
        assertEquals(10.0 / 3, result.rho(), 1e-9);
        assertEquals(10.0 / 3 * 0.01, result.lambda(0.01), 1e-11);
        final List<CapacityResult.MixEntry> mix = result.mix();
        assertEquals(2, mix.size(), mix.toString());
        assertArrayEquals(new int[] {0, 2}, mix.get(0).configuration());
        assertEquals(5.0 / 9, mix.get(0).servers(), 1e-9);
        assertArrayEquals(new int[] {5, 0}, mix.get(1).configuration());
        assertEquals(4.0 / 9, mix.get(1).servers(), 1e-9);
    }

    /**
     * 2018 paper, Sec. VII-A: three EC2 instance types (Table I: memory GB / CPU units / storage GB) on servers of
     * 90 / 90 / 5000. Arrival rates there are zeta * V with V the average of the maximal configurations, "a
     * point on the boundary" of the capacity region. Here V = (2/3, 11/3, 2/3), |V| = 5, and rho* in the
     * direction of V is exactly 5: V is indeed on the boundary.
     */
    @Test
    void theAverageOfTheMaximalConfigurationsOfTheEc2ExampleIsOnTheBoundary() {
        final Units tenths = new Units(10);
        final double[][] sizes = {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}};
        final ServerClasses server = ServerClasses.homogeneous(1, tenths.capacityUnits(90), tenths.capacityUnits(90),
            tenths.capacityUnits(5000));
        final JobTypes uniform = JobTypes.of(tenths, sizes, new double[] {1, 1, 1});
        final List<int[]> maximal = Configurations.maximal(uniform, server, 0, 1000);
        assertEquals(6, maximal.size());
        final double[] v = Configurations.average(maximal);
        assertArrayEquals(new double[] {2.0 / 3, 11.0 / 3, 2.0 / 3}, v, 1e-12);
        final CapacityResult towardsV = MaxSupportableWorkload.solve(JobTypes.of(tenths, sizes, v), server);
        assertEquals(v[0] + v[1] + v[2], towardsV.rho(), 1e-9);
    }

    @Test
    void aTypeThatFitsNoServerMakesRhoZeroAndIsNamed() {
        final JobTypes types = JobTypes.ofUnits(new int[][] {{3}, {12}}, new double[] {1, 1});
        final CapacityResult result = MaxSupportableWorkload.solve(types, ServerClasses.homogeneous(4, 10));
        assertEquals(0.0, result.rho(), 1e-12);
        assertEquals(0.0, result.upperBound(), 1e-12);
        assertArrayEquals(new int[] {1}, result.typesFittingNoServer());
    }

    @Test
    void zeroProbabilityTypesConstrainNothing() {
        final JobTypes types = JobTypes.ofUnits(new int[][] {{3}, {12}, {5}}, new double[] {1, 0, 1});
        final CapacityResult result = MaxSupportableWorkload.solve(types, ServerClasses.homogeneous(1, 10));
        // (0, -, 2) and (3, -, 0): rho * (1/2, 1/2) <= a(3, 0) + (1 - a)(0, 2): rho = 12/5.
        assertEquals(12.0 / 5, result.rho(), 1e-9);
        for (final CapacityResult.MixEntry entry : result.mix()) {
            assertEquals(0, entry.configuration()[1]);
        }
    }

    @Test
    void rejectsMismatchedDimensions() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> MaxSupportableWorkload.solve(JobTypes.ofUnits(new int[][] {{1, 1}}, new double[] {1}),
                ServerClasses.homogeneous(1, 10)));
        assertEquals("job sizes have 2 resources, servers 1", error.getMessage());
    }

    @ParameterizedTest(name = "D = {0}, heterogeneous = {1}")
    @CsvSource({"1, false", "1, true", "2, false", "2, true", "3, true"})
    void columnGenerationAgreesWithFullEnumeration(final int dimensions, final boolean heterogeneous) {
        for (int i = 0; i < 120; i++) {
            final long seed = BASE_SEED + (dimensions * 7919L + (heterogeneous ? 1 : 0)) * 1_000_003L
                + i * 0x9E3779B97F4A7C15L;
            final RandomInstance instance = RandomInstance.generate(seed, dimensions, heterogeneous);
            final CapacityResult generated = MaxSupportableWorkload.solve(instance.types(), instance.servers());
            final CapacityResult enumerated = MaxSupportableWorkload.enumerate(instance.types(), instance.servers());
            final String message = instance + "\n generated " + generated + "\n enumerated " + enumerated;
            assertEquals(enumerated.rho(), generated.rho(), 1e-7 * Math.max(1, enumerated.rho()), message);
            assertTrue(generated.converged(), message);
            for (final CapacityResult result : List.of(generated, enumerated)) {
                assertTrue(result.lowerBound() <= result.rho() + 1e-9 * Math.max(1, result.rho()), message);
                assertTrue(result.upperBound() >= result.rho() - 1e-9 * Math.max(1, result.rho()), message);
                assertTrue(result.gap() <= 1e-7 * Math.max(1, result.rho()), message);
                assertMixSupports(instance, result, message);
            }
        }
    }

    /** Recomputes from the reported mix alone that it is feasible and serves lowerBound * P. */
    private static void assertMixSupports(final RandomInstance instance, final CapacityResult result,
                                          final String message) {
        final JobTypes types = instance.types();
        final ServerClasses servers = instance.servers();
        final double[] perClass = new double[servers.count()];
        final double[] served = new double[types.count()];
        for (final CapacityResult.MixEntry entry : result.mix()) {
            assertTrue(entry.servers() > 0, message);
            assertTrue(Configurations.fits(types.sizes(), entry.configuration(), servers.capacity(entry.serverClass())),
                message);
            perClass[entry.serverClass()] += entry.servers();
            for (int j = 0; j < served.length; j++) {
                served[j] += entry.servers() * entry.configuration()[j];
            }
        }
        for (int c = 0; c < servers.count(); c++) {
            assertTrue(perClass[c] <= servers.size(c) * (1 + 1e-12), message);
        }
        for (int j = 0; j < served.length; j++) {
            assertTrue(served[j] >= result.lowerBound() * types.probability(j) * (1 - 1e-12), message);
        }
    }
}
