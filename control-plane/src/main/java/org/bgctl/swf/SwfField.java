package org.bgctl.swf;

/**
 * The 18 fields of a Standard Workload Format job line, in file order.
 * A value of -1 in any field means "unknown".
 */
public enum SwfField {
    JOB_ID(1, "job id"),
    SUBMIT(2, "submit time"),
    WAIT(3, "wait time"),
    RUN(4, "run time"),
    ALLOC_PROCS(5, "allocated processors"),
    AVG_CPU(6, "average cpu time"),
    USED_MEM(7, "used memory"),
    REQ_PROCS(8, "requested processors"),
    REQ_TIME(9, "requested time"),
    REQ_MEM(10, "requested memory"),
    STATUS(11, "status"),
    USER(12, "user id"),
    GROUP(13, "group id"),
    EXECUTABLE(14, "executable number"),
    QUEUE(15, "queue number"),
    PARTITION(16, "partition number"),
    PRECEDING_JOB(17, "preceding job number"),
    THINK_TIME(18, "think time");

    /** Number of fields on a job line. */
    public static final int COUNT = 18;

    private static final SwfField[] BY_INDEX = values();

    private final int number;
    private final String label;

    SwfField(int number, String label) {
        this.number = number;
        this.label = label;
    }

    /** The 1-based position of the field on a job line. */
    public int number() {
        return number;
    }

    /** The field's name as the SWF definition words it, e.g. "run time". */
    public String label() {
        return label;
    }

    /** Whether the field may hold a fractional value (average cpu time, used and requested memory). */
    public boolean isDecimal() {
        return this == AVG_CPU || this == USED_MEM || this == REQ_MEM;
    }

    /**
     * Whether the field is a time in seconds (submit, wait, run, requested and think time), which the SWF definition
     * permits to be written with decimals.
     */
    public boolean isTime() {
        return this == SUBMIT || this == WAIT || this == RUN || this == REQ_TIME || this == THINK_TIME;
    }

    /** The field with the given 1-based number. */
    public static SwfField ofNumber(int number) {
        if (number < 1 || number > COUNT)
            throw new IllegalArgumentException("SWF field number must be 1.." + COUNT + ", was " + number);
        return BY_INDEX[number - 1];
    }

    /** How error messages name the field: "field 4 (run time)". */
    public String describe() {
        return "field " + number + " (" + label + ")";
    }
}
