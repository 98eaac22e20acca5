package org.bgctl.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** A job's status, as jobs.csv and the live API name it: in the queue, on the machine, or how it ended. */
public enum JobStatus {
    QUEUED, RUNNING, SUSPENDED, COMPLETED, KILLED_AT_WALLTIME, KILLED_BY_FAULT, CANCELLED, NEVER_STARTED;

    private static final List<String> LABELS;

    static {
        List<String> labels = new ArrayList<>();
        for (JobStatus s : values()) labels.add(s.label);
        LABELS = Collections.unmodifiableList(labels);
    }

    private final String label = name().toLowerCase(Locale.ROOT);

    /** The status's name in jobs.csv and the API, e.g. {@code killed_at_walltime}. */
    public String label() {
        return label;
    }

    /** Every status's name, in order. */
    public static List<String> labels() {
        return LABELS;
    }
}
