package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.PlanProvider;
import org.stowage.core.state.ServerTable;

class ModelPlansTest {
    private static Model twoTypes() {
        final JobClasses types = JobClasses.types(new int[][] {{2}, {5}}, new double[] {1, 1}, new double[] {2, 1});
        return Model.of(ServerTable.homogeneous(3, 10)).withJobClasses(types);
    }

    @Test
    void aKernelThatReadsNoPlanGetsItsModelUnchanged() {
        final Model model = Model.of(ServerTable.homogeneous(3, 10));
        assertSame(model, new ModelPlans().complete(model, "BF-J/S:stall=true"));
    }

    @Test
    void modelsCompareByContentSoEqualInputsShareOnePlan() {
        final Model a = twoTypes();
        final Model b = twoTypes();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, Model.of(ServerTable.homogeneous(4, 10)).withJobClasses(a.jobClasses()));
        final ModelPlans plans = new ModelPlans();
        assertSame(plans.plan(a, RmsPlan.class), plans.plan(b, RmsPlan.class), "one solve for equal models");
    }

    @Test
    void theProvidersOfTheClassPathMakeEveryPlanAKernelReads() {
        final ModelPlans plans = new ModelPlans();
        assertTrue(plans.makes(RmsPlan.class));
        assertTrue(plans.makes(MaxWeightPlan.class));
        assertTrue(plans.makes(LotesPlan.class));
        final Model model = twoTypes();
        assertTrue(plans.complete(model, "MWR").hasPlan(MaxWeightPlan.class));
        assertTrue(plans.complete(model, "RMS:r=0.05").hasPlan(RmsPlan.class));
        final LotesPlan lotes = plans.complete(model, "LoTES").plan(LotesPlan.class);
        assertEquals(3, lotes.serverCount());
        assertTrue(lotes.lambdaStar() > 0);
    }

    @Test
    void eachInstanceKeepsItsOwnCache() {
        final AtomicInteger solves = new AtomicInteger();
        final PlanProvider<RmsPlan> counting = new PlanProvider<>() {
            @Override
            public Class<RmsPlan> planType() {
                return RmsPlan.class;
            }

            @Override
            public RmsPlan plan(final Model model) {
                solves.incrementAndGet();
                return new RmsPlan(2);
            }
        };
        final ModelPlans first = ModelPlans.of(List.of(counting));
        final ModelPlans second = ModelPlans.of(List.of(counting));
        final RmsPlan once = first.plan(twoTypes(), RmsPlan.class);
        assertSame(once, first.plan(twoTypes(), RmsPlan.class));
        assertEquals(1, solves.get());
        assertNotSame(once, second.plan(twoTypes(), RmsPlan.class), "another instance solves again");
        assertEquals(2, solves.get());
    }

    @Test
    void aPlanNoProviderMakesIsRefusedNamingTheKernel() {
        final ModelPlans none = ModelPlans.of(List.of());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> none.complete(twoTypes(), "MWR"));
        assertEquals("scheduler MWR needs a precomputed MaxWeightPlan and no planner makes one", e.getMessage());
    }

    @Test
    void twoProvidersOfOnePlanTypeAreRefused() {
        final KernelRegistryException e = assertThrows(KernelRegistryException.class,
            () -> ModelPlans.of(List.of(new RmsPlanProvider(), new RmsPlanProvider())));
        assertTrue(e.getMessage().startsWith("two plan providers make RmsPlan: org.stowage.theory.RmsPlanProvider"),
            e.getMessage());
    }
}
