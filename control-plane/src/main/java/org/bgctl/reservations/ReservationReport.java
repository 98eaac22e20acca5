package org.bgctl.reservations;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bgctl.report.JobRecord;
import org.bgctl.report.RunMetrics;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Reservations;

/**
 * The {@code reservations} block of summary.json: the capacity the windows kept from jobs, and the wait they
 * caused — the run's waits against those of the same run without the windows (docs/semantics.md).
 */
public final class ReservationReport {

    private ReservationReport() {
    }

    /**
     * @param windows  the run's reservations
     * @param records  the run's jobs
     * @param without  the jobs of the same run without the windows
     * @param capacity the machine's nodes
     */
    public static Map<String, Object> fields(Reservations windows, List<JobRecord> records, List<JobRecord> without,
                                             int capacity) {
        RunMetrics with = RunMetrics.of(records, capacity);
        RunMetrics base = RunMetrics.of(without, capacity);
        long inRun = 0;
        for (Reservation w : windows.windows()) {
            long from = Math.max(w.start(), with.firstSubmit());
            long to = Math.min(w.end(), with.lastEnd());
            if (to > from) inRun += (long) w.nodes() * (to - from);
        }
        Map<Long, Long> baseStart = new HashMap<>();
        for (JobRecord r : without) if (r.finished()) baseStart.put(r.job().id(), r.scheduled());
        long delayed = 0;
        long extraWait = 0;
        for (JobRecord r : records) {
            Long was = baseStart.get(r.job().id());
            if (!r.finished() || was == null) continue;
            if (r.scheduled() > was) delayed++;
            extraWait += r.scheduled() - was;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("windows", windows.windows().size());
        m.put("reserved_node_hours", windows.nodeSeconds() / 3600.0);
        m.put("reserved_fraction", with.makespan() > 0 ? (double) inRun / ((double) capacity * with.makespan()) : 0.0);
        m.put("mean_wait_without_s", base.meanWait());
        m.put("wait_caused_s", with.meanWait() - base.meanWait());
        m.put("wait_caused_job_hours", extraWait / 3600.0);
        m.put("jobs_delayed", delayed);
        return m;
    }
}
