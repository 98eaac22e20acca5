package org.bgctl.swf;

/**
 * One job line of an SWF trace, field by field (numbers as in {@link SwfField}); -1 means unknown.
 * Fields 6, 7 and 10 are doubles because real traces write them with decimals ({@code 142.00}).
 */
public record SwfRecord(long jobId, long submit, long waitTime, long runTime, int allocProcs,
                        double avgCpu, double usedMem, int reqProcs, long reqTime, double reqMem,
                        int status, int user, int group, int executable, int queue, int partition,
                        long precedingJob, long thinkTime) {

    /** What the SWF definition writes in a field whose value is unknown. */
    public static final long UNKNOWN = -1;

    public SwfRecord {
        avgCpu = finite(SwfField.AVG_CPU, avgCpu);
        usedMem = finite(SwfField.USED_MEM, usedMem);
        reqMem = finite(SwfField.REQ_MEM, reqMem);
    }

    /**
     * Whether the line is one partial execution of a checkpointed or swapped job (status 2, 3 or 4), which the SWF
     * definition writes besides the job's summary line (status 0, 1 or 5) and with its job number.
     */
    public boolean isPartialExecution() {
        return status >= 2 && status <= 4;
    }

    /** Rejects values no SWF line can hold and folds -0.0 into 0.0, as a trace cannot tell them apart. */
    private static double finite(SwfField field, double value) {
        if (!Double.isFinite(value))
            throw new IllegalArgumentException(field.describe() + " must be finite, was " + value);
        return value + 0.0;
    }
}
