package org.bgctl.report;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The job table built from scheduler events alone — during a run, or afterwards from the
 * journal — so a run's jobs.csv can always be rebuilt from its journal.
 */
public final class JobTable implements EventSink {

    /** A job's row while events come in. */
    private static final class Row {
        final Job job;
        long scheduled = -1;
        long start = -1;
        long end = -1;
        int size;
        String partition = "";
        String killedBy = "";
        boolean contiguous;
        int migrations;
        int kills;

        Row(Job job) {
            this.job = job;
        }

        JobRecord record() {
            return new JobRecord(job, scheduled, start, end, size, partition, migrations, killedBy, contiguous);
        }
    }

    private final List<Row> rows = new ArrayList<>();
    /** Lookup by job id only; never iterated. */
    private final Map<Long, Row> byId = new HashMap<>();
    private long migrationsAttempted;
    private long migrationsPerformed;
    private long jobMoves;
    private long kills;
    private long jobsKilled;
    private long requeues;
    private long nodeSecondsLost;
    private long preemptions;
    private long suspensions;
    private long contextSwitches;
    /*
     * Progress, read by another thread while events come in: written with opaque stores, which cost a
     * plain store (a volatile store per event would cost a fence each), and read with opaque loads, which
     * see every value whole and, soon enough, the latest.
     */
    private static final VarHandle FINISHED = field("finished");
    private static final VarHandle SUBMITTED = field("submitted");
    private static final VarHandle LAST_TIME = field("lastTime");
    private static final VarHandle EVENTS = field("events");
    private long finished;
    private long submitted;
    private long lastTime;
    private long events;

    @Override
    public void accept(SchedulerEvent event) {
        EVENTS.setOpaque(this, events + 1);
        LAST_TIME.setOpaque(this, event.time());
        if (event instanceof JobSubmitted s) {
            Row row = new Row(s.job());
            if (byId.putIfAbsent(s.jobId(), row) != null)
                throw new IllegalStateException("job " + s.jobId() + " submitted twice");
            rows.add(row);
            SUBMITTED.setOpaque(this, submitted + 1);
        } else if (event instanceof JobStarted s) {
            Row row = row(s);
            row.scheduled = s.time();
            row.start = s.time() + s.boot();
            row.size = s.allocation().nodes();
            row.partition = s.allocation().partition();
            row.contiguous = s.allocation().contiguous();
        } else if (event instanceof JobFinished f) {
            row(f).end = f.time();
            FINISHED.setOpaque(this, finished + 1);
        } else if (event instanceof JobKilled k) {
            Row row = row(k);
            row.end = k.time();
            row.killedBy = k.component();
            FINISHED.setOpaque(this, finished + 1);
            kills++;
            if (row.kills++ == 0) jobsKilled++;
            nodeSecondsLost += (long) row.size * Math.max(0, k.time() - row.start);
        } else if (event instanceof JobRequeued q) {
            Row row = row(q);
            row.scheduled = row.start = row.end = -1;
            row.size = 0;
            row.partition = row.killedBy = "";
            row.contiguous = false;
            FINISHED.setOpaque(this, finished - 1);
            requeues++;
        } else if (event instanceof JobCancelled c) {
            Row row = row(c);
            if (row.start >= 0) {
                row.end = c.time();
                FINISHED.setOpaque(this, finished + 1);
            }
            row.killedBy = JobRecord.CANCELLED;
        } else if (event instanceof MigrationAttempted m) {
            migrationsAttempted++;
            if (m.performed()) migrationsPerformed++;
        } else if (event instanceof ContextSwitched c) {
            contextSwitches++;
            if (c.resumed().isEmpty()) preemptions++;
            suspensions += c.suspended().size();
        } else if (event instanceof JobMigrated m) {
            Row row = row(m);
            row.partition = m.allocation().partition();
            row.migrations++;
            jobMoves++;
        }
    }

    private Row row(JobEvent e) {
        return row(e.jobId(), e);
    }

    private Row row(long jobId, SchedulerEvent e) {
        Row r = byId.get(jobId);
        if (r == null) throw new IllegalStateException("event for unknown job " + jobId + ": " + e);
        return r;
    }

    /** All jobs in job-id order. */
    public List<JobRecord> records() {
        List<JobRecord> all = new ArrayList<>(rows.size());
        for (Row r : rows) all.add(r.record());
        all.sort(Comparator.comparingLong(r -> r.job().id()));
        return all;
    }

    /** Migrations attempted (Krevat et al. 2002, §3.4: total). */
    public long migrationsAttempted() {
        return migrationsAttempted;
    }

    /** Migrations performed: the attempts that made the largest free partition larger (successful). */
    public long migrationsPerformed() {
        return migrationsPerformed;
    }

    /** Jobs moved, over all migrations. */
    public long jobMoves() {
        return jobMoves;
    }

    /** Kills by failed components (a job requeued and killed again counts each time). */
    public long kills() {
        return kills;
    }

    /** Jobs killed by a failed component at least once. */
    public long jobsKilled() {
        return jobsKilled;
    }

    /** Requeues of killed jobs. */
    public long requeues() {
        return requeues;
    }

    /** Node-seconds of work lost to kills: per kill, the job's nodes × how long it had run. */
    public long nodeSecondsLost() {
        return nodeSecondsLost;
    }

    /** Wide jobs that preempted small jobs to start (preemptive FCFS). */
    public long preemptions() {
        return preemptions;
    }

    /** Jobs suspended, over all context switches, the wide jobs' own suspensions included. */
    public long suspensions() {
        return suspensions;
    }

    /** Context switches of gangs, the preemptions included. */
    public long contextSwitches() {
        return contextSwitches;
    }

    /** Jobs submitted. */
    public int size() {
        return rows.size();
    }

    /** Events seen so far; safe to read from another thread for progress reports. */
    public long events() {
        return (long) EVENTS.getOpaque(this);
    }

    /** Jobs submitted so far; safe to read from another thread for progress reports. */
    public long submittedCount() {
        return (long) SUBMITTED.getOpaque(this);
    }

    /** The time of the last event; safe to read from another thread. */
    public long lastTime() {
        return (long) LAST_TIME.getOpaque(this);
    }

    /** Jobs finished so far; safe to read from another thread for progress reports. */
    public long finishedCount() {
        return (long) FINISHED.getOpaque(this);
    }

    private static VarHandle field(String name) {
        try {
            return MethodHandles.lookup().findVarHandle(JobTable.class, name, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
