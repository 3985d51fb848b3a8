package org.stowage.core.testing;

import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;

/** A model for tests of kernels that read nothing from theirs (the 2019 kernels): one unit server. */
public final class AnyModel {
    private static final Model MODEL = Model.of(ServerTable.homogeneous(1, 1));

    private AnyModel() {
    }

    public static Model any() {
        return MODEL;
    }
}
