package org.bgctl.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The job table built from scheduler events alone — during a run, or afterwards from the
 * journal — so a run's jobs.csv can always be rebuilt from its journal.
 */
public final class JobTable implements EventSink {

    private final TreeMap<Long, JobRecord> records = new TreeMap<>();
    private long events;
    private volatile long finished;
    private volatile long submitted;
    private volatile long lastTime;

    @Override
    public void accept(SchedulerEvent event) {
        events++;
        lastTime = event.time();
        if (event instanceof JobSubmitted s) {
            if (records.putIfAbsent(s.jobId(), new JobRecord(s.job(), -1, -1, 0, "")) != null)
                throw new IllegalStateException("job " + s.jobId() + " submitted twice");
            submitted++;
        } else if (event instanceof JobStarted s) {
            JobRecord r = record(s);
            records.put(s.jobId(), new JobRecord(r.job(), s.time(), -1, s.allocation().nodes(), s.allocation().partition()));
        } else if (event instanceof JobFinished f) {
            JobRecord r = record(f);
            records.put(f.jobId(), new JobRecord(r.job(), r.start(), f.time(), r.size(), r.partition()));
            finished++;
        }
    }

    private JobRecord record(SchedulerEvent e) {
        JobRecord r = records.get(e.jobId());
        if (r == null) throw new IllegalStateException("event for unknown job " + e.jobId() + ": " + e);
        return r;
    }

    /** All jobs in job-id order. */
    public Collection<JobRecord> records() {
        return records.values();
    }

    /** Jobs that ended, in job-id order. */
    public List<JobRecord> finishedRecords() {
        List<JobRecord> done = new ArrayList<>();
        for (JobRecord r : records.values()) if (r.finished()) done.add(r);
        return done;
    }

    /** Events seen. */
    public long events() {
        return events;
    }

    /** Jobs submitted so far; safe to read from another thread for progress reports. */
    public long submittedCount() {
        return submitted;
    }

    /** The time of the last event; safe to read from another thread. */
    public long lastTime() {
        return lastTime;
    }

    /** Jobs finished so far; safe to read from another thread for progress reports. */
    public long finishedCount() {
        return finished;
    }
}
