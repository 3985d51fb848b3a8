package org.stowage.core.testing;

import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;

/** A model for tests of kernels that read nothing from theirs (the 2019 kernels): one unit server. */
public final class AnyModel {
    private static final Model MODEL = Model.of(ServerTable.homogeneous(1, 1));
    private static final Model ONE_TYPE = MODEL.withJobClasses(
        JobClasses.types(new int[][] {{1}}, new double[] {1}, null));

    private AnyModel() {
    }

    public static Model any() {
        return MODEL;
    }

    /** One unit server and one job type of size 1 unit, for kernels that need discrete types (RMS, MWR). */
    public static Model oneType() {
        return ONE_TYPE;
    }
}
