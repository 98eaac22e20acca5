package org.bgctl.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The figures of Subramani et al. split by job class: communication-intensive (CI) and other
 * (NCI) jobs, and each again among well- and badly-estimated jobs (estimate above twice the run
 * time). For each group of finished jobs: how many, how many ran on a contiguous block, mean wait,
 * mean response (turnaround) and mean bounded slowdown, as defined in {@link RunMetrics}.
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

    private ClassMetrics() {
    }

    private static List<String> flatNames() {
        List<String> names = new ArrayList<>();
        for (String g : GROUPS) for (String f : FIGURES) names.add(g + "_" + f);
        return List.copyOf(names);
    }

    /** The nested object for summary.json's {@code job_classes}. */
    public static Map<String, Object> of(List<JobRecord> records) {
        List<JobRecord> done = new ArrayList<>();
        for (JobRecord r : records) if (r.finished()) done.add(r);
        Map<String, Object> classes = byClass(done);
        classes.put("well_estimated", byClass(select(done, r -> !r.job().badlyEstimated())));
        classes.put("badly_estimated", byClass(select(done, r -> r.job().badlyEstimated())));
        return classes;
    }

    private static Map<String, Object> byClass(List<JobRecord> done) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ci", group(select(done, r -> r.job().communication().intensive())));
        m.put("nci", group(select(done, r -> !r.job().communication().intensive())));
        return m;
    }

    private static Map<String, Object> group(List<JobRecord> jobs) {
        RunMetrics metrics = RunMetrics.of(jobs, 1);
        long contiguous = jobs.stream().filter(JobRecord::contiguous).count();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", jobs.size());
        m.put("contiguous_jobs", contiguous);
        m.put("mean_wait_s", metrics.meanWait());
        m.put("mean_response_s", metrics.meanResponse());
        m.put("mean_bounded_slowdown", metrics.meanBoundedSlowdown());
        return m;
    }

    private static List<JobRecord> select(List<JobRecord> records, Predicate<JobRecord> keep) {
        List<JobRecord> selected = new ArrayList<>();
        for (JobRecord r : records) if (keep.test(r)) selected.add(r);
        return selected;
    }
}
