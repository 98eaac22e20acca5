package org.bgctl.workload;

/** Why a trace job was not turned into a schedulable job. */
public enum RejectionReason {
    /** The size is not positive after falling back from field 5 to field 8. */
    SIZE_NOT_POSITIVE("size_not_positive"),
    /** The submit time (field 2) is -1, unknown in the SWF definition. */
    SUBMIT_UNKNOWN("submit_unknown"),
    /** The run time (field 4) is -1, unknown in the SWF definition: e.g. a job cancelled before it started. */
    RUNTIME_UNKNOWN("runtime_unknown"),
    /** The run time (field 4) is negative other than -1. */
    RUNTIME_NEGATIVE("runtime_negative"),
    /** The scaled size exceeds the machine. */
    LARGER_THAN_MACHINE("larger_than_machine"),
    /** The machine could never hold the job, not even empty: e.g. a torus its wiring cannot close. */
    CANNOT_BE_PLACED("cannot_be_placed"),
    /** A lenient reader skipped the line as malformed. */
    MALFORMED_LINE("malformed_line"),
    /** A lenient read found a submit time earlier than an earlier job's. */
    SUBMIT_OUT_OF_ORDER("submit_out_of_order"),
    /**
     * The line is one partial execution of a checkpointed or swapped job (status 2, 3 or 4); its job's summary line,
     * with the same job number, holds the whole job.
     */
    PARTIAL_EXECUTION("partial_execution");

    private final String label;

    RejectionReason(String label) {
        this.label = label;
    }

    /** The name reports use, e.g. {@code runtime_negative}. */
    public String label() {
        return label;
    }
}
