package org.stowage.reproduce;

/**
 * How long and how often a figure's runs go at each scale: the horizon of a run (time units or slots) and
 * the number of independent replications (seeds).
 */
public record RunLengths(double paperHorizon, int paperReplications, double quickHorizon, int quickReplications) {
    public RunLengths {
        if (!(paperHorizon > 0) || !(quickHorizon > 0) || paperReplications < 1 || quickReplications < 1) {
            throw new IllegalArgumentException("run lengths need positive horizons and replications: " + paperHorizon
                + " x " + paperReplications + ", quick " + quickHorizon + " x " + quickReplications);
        }
    }

    public double horizon(final Scale scale) {
        return scale == Scale.PAPER ? paperHorizon : quickHorizon;
    }

    public int replications(final Scale scale) {
        return scale == Scale.PAPER ? paperReplications : quickReplications;
    }
}
