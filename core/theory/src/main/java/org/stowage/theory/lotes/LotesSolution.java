package org.stowage.theory.lotes;

import org.stowage.core.kernel.lotes.LotesPlan;

/**
 * What {@link LotesPlanner} computed: Stage 1 ({@link Allocation}), Stage 2 ({@link MachineAssignment}), the
 * dispatcher's {@link LotesPlan}, the options used and the wall times. Immutable.
 */
public final class LotesSolution {
    private final Allocation allocation;
    private final MachineAssignment assignment;
    private final LotesPlan plan;
    private final LotesOptions options;
    private final long totalNanos;

    LotesSolution(final Allocation allocation, final MachineAssignment assignment, final LotesPlan plan,
                  final LotesOptions options, final long totalNanos) {
        this.allocation = allocation;
        this.assignment = assignment;
        this.plan = plan;
        this.options = options;
        this.totalNanos = totalNanos;
    }

    public Allocation allocation() {
        return allocation;
    }

    public MachineAssignment assignment() {
        return assignment;
    }

    /** The plan for the dispatcher (hand it to the kernel through the SPI's model). */
    public LotesPlan plan() {
        return plan;
    }

    public LotesOptions options() {
        return options;
    }

    /** lambda*: the machine assignment LP's optimum (the load reference of Sec. 5.4). */
    public double lambdaStar() {
        return plan.lambdaStar();
    }

    /** Wall time of Algorithm 1 over all configurations. */
    public long binNanos() {
        long total = 0;
        for (int j = 0; j < allocation.instance().configurationCount(); j++) {
            total += assignment.binNanos(j);
        }
        return total;
    }

    /** Wall time of all three steps, plan included. */
    public long totalNanos() {
        return totalNanos;
    }

    /** Per configuration: machines, capacity, K^j, bins, bins used, enumeration time; then lambdas and times. */
    public String report() {
        return LotesPlanner.report(this);
    }

    @Override
    public String toString() {
        return "LotesSolution[" + plan + "]";
    }
}
