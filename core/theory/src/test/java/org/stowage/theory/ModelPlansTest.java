package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;

class ModelPlansTest {

    @Test
    void aKernelThatReadsNoPlanGetsItsModelUnchanged() {
        final Model model = Model.of(ServerTable.homogeneous(3, 10));
        assertSame(model, ModelPlans.complete(model, "BF-J/S:stall=true"));
    }

    @Test
    void modelsCompareByContentSoEqualInputsShareOnePlan() {
        final JobClasses types = JobClasses.types(new int[][] {{2}, {5}}, new double[] {1, 1}, new double[] {2, 1});
        final Model a = Model.of(ServerTable.homogeneous(3, 10)).withJobClasses(types);
        final Model b = Model.of(ServerTable.homogeneous(3, 10)).withJobClasses(
            JobClasses.types(new int[][] {{2}, {5}}, new double[] {1, 1}, new double[] {2, 1}));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, Model.of(ServerTable.homogeneous(4, 10)).withJobClasses(types));
    }
}
