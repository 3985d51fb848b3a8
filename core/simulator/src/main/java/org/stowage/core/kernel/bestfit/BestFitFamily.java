package org.stowage.core.kernel.bestfit;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.bestfit.reference.NaiveBestFitJobs;
import org.stowage.core.kernel.bestfit.reference.NaiveBestFitJobsServers;
import org.stowage.core.kernel.bestfit.reference.NaiveBestFitServers;
import org.stowage.core.kernel.bestfit.reference.NaiveFifoFirstFit;
import org.stowage.core.kernel.bestfit.reference.NaiveFifoRandomFit;
import org.stowage.core.kernel.bestfit.reference.NaiveStallingBestFitJobsServers;

/**
 * BF-J, BF-S, BF-J/S (with stalling) and FIFO-FF of Psychas and Ghaderi 2019 (Sec. IV, VII-B, VIII), and
 * FIFO-RF, the Random-Fit heuristic of Psychas and Ghaderi 2018 (Sec. I-A, III, VI): one central queue each.
 */
public final class BestFitFamily implements KernelFamily {
    @Override
    public String name() {
        return "bestfit";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final List<KernelDefinition> family = new ArrayList<>();
        family.addAll(KernelDefinition.kernel("BF-J")
            .summary("queued jobs in arrival order, each to its best-fit server (D > 1: largest inner product"
                + " of size and occupied resources), ties to the lowest index")
            .paper("2019 Sec. IV-A; 2018 Sec. III, VI for D > 1")
            .cost("O(N) + O(log L) per fitting job after departures; O(A log L) for A arrivals otherwise")
            .factory(model -> new BestFitJobs())
            .requirements(KernelRequirements.any())
            .withTwin("BF-J-naive", model -> new NaiveBestFitJobs()));
        family.addAll(KernelDefinition.kernel("BF-S")
            .summary("servers in index order, each filled with the largest fitting job until none fits")
            .paper("2019 Sec. IV-A")
            .cost("O((V + P) log64 U + V log L) for V servers visited and P placements")
            .factory(model -> new BestFitServers())
            .requirements(KernelRequirements.singleResource())
            .withTwin("BF-S-naive", model -> new NaiveBestFitServers()));
        family.addAll(KernelDefinition.kernel("BF-J/S")
            .summary("BF-S over the servers with departures, then BF-J over the new arrivals; stall=true stalls"
                + " a server less than half full while a job it could take only after draining waits")
            .paper("2019 Sec. IV-A, VIII")
            .cost("O(S log S + (S + P) log64 U + A log L), independent of the queue length")
            .parameter(KernelParameter.flag("stall", "stall inefficient servers (Sec. VIII)"))
            .configured(parsed -> parsed.flag("stall") ? model -> new StallingBestFitJobsServers()
                : model -> new BestFitJobsServers())
            .requirements(KernelRequirements.singleResource())
            .testVariants("", "stall=true")
            .withConfiguredTwin("BF-J/S-naive", parsed -> parsed.flag("stall")
                ? model -> new NaiveStallingBestFitJobsServers() : model -> new NaiveBestFitJobsServers()));
        family.addAll(KernelDefinition.kernel("FIFO-FF")
            .summary("head of the queue to the lowest-index server that holds it; blocking")
            .paper("2019 Sec. VII-B")
            .cost("O((P + 1) log L) for P placements (D = 1)")
            .factory(model -> new FifoFirstFit())
            .requirements(KernelRequirements.any())
            .withTwin("FIFO-FF-naive", model -> new NaiveFifoFirstFit()));
        family.addAll(KernelDefinition.kernel("FIFO-RF")
            .summary("head of the queue to a server drawn uniformly among those that hold it (random fit);"
                + " blocking")
            .paper("2018 Sec. I-A, III, VI (Random-Fit)")
            .cost("O(P + 1) random-fit queries for P placements, each O(F + C + L/64) for F holding servers")
            .factory(model -> new FifoRandomFit())
            .requirements(KernelRequirements.any())
            .withTwin("FIFO-RF-naive", model -> new NaiveFifoRandomFit()));
        return family;
    }
}
