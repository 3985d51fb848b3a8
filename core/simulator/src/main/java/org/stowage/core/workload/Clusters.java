package org.stowage.core.workload;

import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

/**
 * Clusters that the papers define, as server tables.
 *
 * <h2>Google 2011 (Tran et al. 2018, Table 1)</h2>
 * The ten machine configurations of the Google cluster-data 2011 trace, two resources (cores, memory)
 * normalised to the largest machine, 12,583 machines in all. Servers are numbered configuration by
 * configuration in the table's order (top to bottom), which is also the order of the Greedy baseline's
 * first fit (Sec. 5.1). Sec. 5.4.1 uses the same configurations with 1000 machines each.
 */
public final class Clusters {
    /** Machines per configuration in Table 1, top to bottom. */
    private static final int[] GOOGLE_2011_MACHINES = {6732, 3863, 1001, 795, 126, 52, 5, 5, 3, 1};
    /** Cores and memory per configuration, normalised to the largest machine, as Table 1 prints them. */
    private static final double[][] GOOGLE_2011_CAPACITIES = {
        {0.50, 0.50}, {0.50, 0.25}, {0.50, 0.75}, {1.00, 1.00}, {0.25, 0.25},
        {0.50, 0.12}, {0.50, 0.03}, {0.50, 0.97}, {1.00, 0.50}, {1.00, 0.06}};

    private Clusters() {
    }

    /** Number of machine configurations of the Google 2011 cluster (10). */
    public static int google2011Configurations() {
        return GOOGLE_2011_MACHINES.length;
    }

    /** Machines of configuration {@code configuration} in Table 1. */
    public static int google2011Machines(final int configuration) {
        return GOOGLE_2011_MACHINES[configuration];
    }

    /** Capacity of configuration {@code configuration} on resource {@code d} (0 cores, 1 memory), normalised. */
    public static double google2011Capacity(final int configuration, final int d) {
        return GOOGLE_2011_CAPACITIES[configuration][d];
    }

    /** The Google 2011 cluster with Table 1's machine counts (12,583 machines). */
    public static ServerTable google2011(final Units units) {
        return google2011(units, 0);
    }

    /**
     * The Google 2011 cluster with {@code machinesPerConfiguration} machines of every configuration, or with
     * Table 1's counts when it is 0.
     */
    public static ServerTable google2011(final Units units, final int machinesPerConfiguration) {
        if (machinesPerConfiguration < 0) {
            throw new IllegalArgumentException("machines per configuration must be >= 0 (0: Table 1's counts): "
                + machinesPerConfiguration);
        }
        long total = 0;
        for (final int machines : GOOGLE_2011_MACHINES) {
            total += machinesPerConfiguration == 0 ? machines : machinesPerConfiguration;
        }
        if (total * 2 > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("too many machines per configuration: " + machinesPerConfiguration);
        }
        final int[] capacities = new int[(int) total * 2];
        int server = 0;
        for (int c = 0; c < GOOGLE_2011_MACHINES.length; c++) {
            final int cores = units.capacityUnits(GOOGLE_2011_CAPACITIES[c][0]);
            final int memory = units.capacityUnits(GOOGLE_2011_CAPACITIES[c][1]);
            final int machines = machinesPerConfiguration == 0 ? GOOGLE_2011_MACHINES[c] : machinesPerConfiguration;
            for (int i = 0; i < machines; i++) {
                capacities[2 * server] = cores;
                capacities[2 * server + 1] = memory;
                server++;
            }
        }
        return new ServerTable(2, capacities);
    }
}
