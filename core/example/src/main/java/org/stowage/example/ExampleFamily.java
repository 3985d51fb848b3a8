package org.stowage.example;

import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelRequirements;

/**
 * Declares FIFO-WF and its naive twin. Listed in {@code META-INF/services/org.stowage.core.kernel.KernelFamily}:
 * with this jar on the class path, every command and the kit find them by name.
 */
public final class ExampleFamily implements KernelFamily {
    @Override
    public String name() {
        return "example";
    }

    @Override
    public List<KernelDefinition> definitions() {
        return KernelDefinition.kernel("FIFO-WF")
            .summary("head of the queue to the server with the most free room (worst fit), ties to the lowest"
                + " index; blocking; one resource")
            .paper("an example of a kernel of your own: README, Use the core in your project")
            .cost("O((P + 1) log L) for P placements")
            .factory(model -> new FifoWorstFit())
            .requirements(KernelRequirements.singleResource())
            .withTwin("FIFO-WF-naive", model -> new NaiveFifoWorstFit());
    }
}
