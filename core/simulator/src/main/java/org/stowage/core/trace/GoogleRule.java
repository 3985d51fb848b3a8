package org.stowage.core.trace;

/**
 * Which Google 2011 task events become jobs (docs/TRACES.md has both rules in full).
 */
public enum GoogleRule {
    /**
     * Psychas and Ghaderi 2019, Sec. VII-B: a task is one job when it completed without interruptions or
     * errors (exactly one SUBMIT, SCHEDULE and FINISH, nothing else over its whole history). The default.
     */
    COMPLETED_TASKS,
    /**
     * Tran et al. 2018, Sec. 5.3: "jobs that fail and are resubmitted are considered to be new, unrelated
     * jobs". Every attempt of a task (a SUBMIT, then SCHEDULE, then its first EVICT, FAIL, FINISH, KILL or LOST)
     * is one job that held its requests from SCHEDULE to that end event; the next SUBMIT of the task starts a
     * new attempt. Counts in the summary are attempts, not tasks.
     */
    ATTEMPTS
}
