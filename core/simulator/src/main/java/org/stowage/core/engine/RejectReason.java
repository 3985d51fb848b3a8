package org.stowage.core.engine;

/** Why an arriving job was refused instead of queued. Every rejection is counted by reason. */
public enum RejectReason {
    /** On some resource the job needs more than the capacity of every server, so it could never start. */
    LARGER_THAN_EVERY_SERVER,
    /**
     * Its vector size fits some server, but no such server has the devices it asks for (that many, of an
     * allowed model), so it could never start.
     */
    DEVICES_ON_NO_SERVER
}
