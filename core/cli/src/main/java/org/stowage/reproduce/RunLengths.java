package org.stowage.reproduce;

/**
 * How long and how often a figure's runs go at each scale: the horizon of a run (time units or slots) and
 * the number of independent replications (seeds).
 */
record RunLengths(double paperHorizon, int paperReplications, double quickHorizon, int quickReplications) {
    RunLengths {
        if (!(paperHorizon > 0) || !(quickHorizon > 0) || paperReplications < 1 || quickReplications < 1) {
            throw new IllegalArgumentException("run lengths need positive horizons and replications: " + paperHorizon
                + " x " + paperReplications + ", quick " + quickHorizon + " x " + quickReplications);
        }
    }

    double horizon(final Scale scale) {
        return scale == Scale.PAPER ? paperHorizon : quickHorizon;
    }

    int replications(final Scale scale) {
        return scale == Scale.PAPER ? paperReplications : quickReplications;
    }
}
