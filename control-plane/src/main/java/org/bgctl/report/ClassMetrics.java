package org.bgctl.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of Subramani et al. split by job class: communication-intensive (CI) and other
 * (NCI) jobs, and each again among well- and badly-estimated jobs (estimate above twice the run
 * time). For each group of finished jobs: how many, how many ran on a contiguous block, mean wait,
 * mean response (turnaround) and mean bounded slowdown, as defined in {@link RunMetrics}. Jobs are
 * given one at a time, in job-id order ({@link #add}); the state is a few sums per group.
 */
public final class ClassMetrics {

    private static final List<String> GROUPS = List.of("ci", "nci", "well_estimated_ci", "well_estimated_nci",
            "badly_estimated_ci", "badly_estimated_nci");
    private static final List<String> FIGURES = List.of("jobs", "contiguous_jobs", "mean_wait_s", "mean_response_s",
            "mean_bounded_slowdown");

    /**
     * Every figure of {@code job_classes} as one name, its path joined with '_', in file order:
     * {@code ci_jobs}, ..., {@code badly_estimated_nci_mean_bounded_slowdown}.
     */
    public static final List<String> FLAT_NAMES = flatNames();

    /** Per group, in the order of {@link #GROUPS}. */
    private final Group[] groups = new Group[GROUPS.size()];

    public ClassMetrics() {
        for (int i = 0; i < groups.length; i++) groups[i] = new Group();
    }

    private static List<String> flatNames() {
        List<String> names = new ArrayList<>();
        for (String g : GROUPS) for (String f : FIGURES) names.add(g + "_" + f);
        return List.copyOf(names);
    }

    /** The nested object for summary.json's {@code job_classes}. */
    public static Map<String, Object> of(List<JobRecord> records) {
        ClassMetrics metrics = new ClassMetrics();
        for (JobRecord r : records) metrics.add(r);
        return metrics.fields();
    }

    /** Counts one job, if it finished. */
    public void add(JobRecord r) {
        if (!r.finished()) return;
        int ci = r.job().communication().intensive() ? 0 : 1;
        groups[ci].add(r);
        groups[(r.job().badlyEstimated() ? 4 : 2) + ci].add(r);
    }

    /** The nested object for summary.json's {@code job_classes}. */
    public Map<String, Object> fields() {
        Map<String, Object> classes = byClass(0);
        classes.put("well_estimated", byClass(2));
        classes.put("badly_estimated", byClass(4));
        return classes;
    }

    private Map<String, Object> byClass(int first) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ci", groups[first].fields());
        m.put("nci", groups[first + 1].fields());
        return m;
    }

    /** The sums of one group, made as {@link RunMetrics} makes them. */
    private static final class Group {
        private int jobs;
        private long contiguous;
        private double sumWait, sumResponse, sumSlowdown;

        void add(JobRecord r) {
            jobs++;
            if (r.contiguous()) contiguous++;
            sumWait += r.waitTime();
            sumResponse += r.response();
            sumSlowdown += RunMetrics.boundedSlowdown(r);
        }

        Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("jobs", jobs);
            m.put("contiguous_jobs", contiguous);
            m.put("mean_wait_s", jobs == 0 ? 0.0 : sumWait / jobs);
            m.put("mean_response_s", jobs == 0 ? 0.0 : sumResponse / jobs);
            m.put("mean_bounded_slowdown", jobs == 0 ? 0.0 : sumSlowdown / jobs);
            return m;
        }
    }
}
