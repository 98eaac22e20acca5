package org.bgctl.report;

import static org.bgctl.report.Records.neverStarted;
import static org.bgctl.report.Records.ran;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

class ClassMetricsTest {

    private static final Communication CI = Communication.intensive(0.5);

    // job 1: CI, well estimated, on a buddy, waits 10, runs 50 (estimate 100 = twice the run: well)
    // job 2: CI, badly estimated (estimate 101 > 2 x 50), free list, waits 0, runs 50
    // job 3: other, well estimated, waits 30, runs 100; job 4 never started
    private static final List<JobRecord> RECORDS = List.of(
            new JobRecord(Job.of(1, 0, 100, 200, 4).withCommunication(CI), 10, 60, 4, "buddy:0-3", true),
            ran(Job.of(2, 0, 50, 101, 2).withCommunication(CI), 0, 50),
            ran(Job.of(3, 0, 100, 100, 8), 30, 130),
            neverStarted(Job.of(4, 0, 10, 10, 8)));

    @SuppressWarnings("unchecked")
    private static Map<String, Object> group(Map<String, Object> classes, String... path) {
        Map<String, Object> m = classes;
        for (String key : path) m = (Map<String, Object>) m.get(key);
        return m;
    }

    @Test
    void finishedJobsAreSplitByClassAndByEstimate() {
        Map<String, Object> classes = ClassMetrics.of(RECORDS);
        Map<String, Object> ci = group(classes, "ci");
        assertEquals(2, ci.get("jobs"));
        assertEquals(1L, ci.get("contiguous_jobs"));
        assertEquals(5.0, ci.get("mean_wait_s"));
        assertEquals(55.0, ci.get("mean_response_s"));
        assertEquals(1, group(classes, "nci").get("jobs"));
        assertEquals(1.3, group(classes, "nci").get("mean_bounded_slowdown"));
        assertEquals(1, group(classes, "well_estimated", "ci").get("jobs"));
        assertEquals(1, group(classes, "badly_estimated", "ci").get("jobs"));
        assertEquals(0, group(classes, "badly_estimated", "nci").get("jobs"));
    }

    @Test
    void aGroupWithoutFinishedJobsWritesZeros() {
        // no job is both other and badly estimated: its figures are 0, the slowdown too (docs/buddy.md)
        Map<String, Object> none = group(ClassMetrics.of(RECORDS), "badly_estimated", "nci");
        assertEquals(0, none.get("jobs"));
        assertEquals(0.0, none.get("mean_wait_s"));
        assertEquals(0.0, none.get("mean_response_s"));
        assertEquals(0.0, none.get("mean_bounded_slowdown"));
    }

    @Test
    void theFlatNamesAreThePathsOfEveryFigure() {
        List<String> paths = new ArrayList<>();
        flatten("", ClassMetrics.of(RECORDS), paths);
        assertEquals(ClassMetrics.FLAT_NAMES, paths);
    }

    private static void flatten(String prefix, Map<?, ?> m, List<String> into) {
        for (var e : m.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> nested) flatten(prefix + e.getKey() + "_", nested, into);
            else into.add(prefix + e.getKey());
        }
    }
}
