package org.stowage.core.kernel;

import java.util.List;

import org.stowage.core.kernel.bestfit.FifoFirstFit;
import org.stowage.core.kernel.bestfit.reference.NaiveFifoFirstFit;

/**
 * Declares FIFO-FF a second time, as a user's jar that reuses a name would: listed in no service file here,
 * so it joins a registry only where a test lists it (the registry's, the command line's and the launcher's
 * refusal tests).
 */
public final class ClashingFamily implements KernelFamily {
    @Override
    public String name() {
        return "clashing";
    }

    @Override
    public List<KernelDefinition> definitions() {
        return KernelDefinition.kernel("FIFO-FF").summary("a second FIFO-FF").paper("none")
            .factory(model -> new FifoFirstFit()).withTwin("FIFO-FF-again", model -> new NaiveFifoFirstFit());
    }
}
