package org.bgctl.report;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.BootFailed;
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
 *
 * <p>A table made with a consumer of settled jobs ({@link #JobTable(Consumer)}) keeps only the jobs that may still
 * change — queued, running, and those that finished at the latest instant (a job killed then may be requeued) — and
 * hands every other job to the consumer once, in job-id order as far as the jobs' ids rise with their submissions
 * (a job is held back until every job submitted before it with a lower id is settled); {@link #finish()} hands over
 * the rest. Its memory is bounded by the machine and the queue, not by the trace.
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

        /** Whether nothing can change the row any more (but a requeue at the instant it ended). */
        boolean ended() {
            return end >= 0 || killedBy.equals(JobRecord.CANCELLED);
        }

        JobRecord record() {
            return new JobRecord(job, scheduled, start, end, size, partition, migrations, killedBy, contiguous);
        }
    }

    /** Settled jobs of a table that keeps them (the default), in the order settled. */
    private final List<JobRecord> kept;
    /** Where settled jobs go. */
    private final Consumer<JobRecord> settled;
    /** The jobs that may still change, by id. */
    private final LiveRows<Row> live = new LiveRows<>();
    /** Jobs that ended at {@link #endedAt}: settled once a later instant comes. */
    private final List<Row> endedNow = new ArrayList<>();
    private long endedAt = Long.MIN_VALUE;
    /** Settled jobs waiting for a live job of a lower id, by id. */
    private final HeldRecords held = new HeldRecords();
    private long migrationsAttempted;
    private long migrationsPerformed;
    private long jobMoves;
    private long kills;
    private long jobsKilled;
    private long requeues;
    private long nodeSecondsLost;
    private long boots;
    private long bootSeconds;
    private long bootFailures;
    private long reuses;
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
    private static final VarHandle CANCELLED_WAITING = field("cancelledWaiting");
    private static final VarHandle LAST_TIME = field("lastTime");
    private static final VarHandle EVENTS = field("events");
    private long finished;
    private long submitted;
    /** Jobs cancelled before they started (or while requeued), which {@link #finished} does not count. */
    private long cancelledWaiting;
    private long lastTime;
    private long events;

    /** A table that keeps every job: {@link #records()} lists them all. */
    public JobTable() {
        this.kept = new ArrayList<>();
        this.settled = kept::add;
    }

    /**
     * A table that hands each job to {@code settled} once it can no longer change, and keeps only the others;
     * {@link #records()} then lists those only. Call {@link #finish()} after the last event.
     */
    public JobTable(Consumer<JobRecord> settled) {
        this.kept = null;
        this.settled = settled;
    }

    @Override
    public void accept(SchedulerEvent event) {
        EVENTS.setOpaque(this, events + 1);
        LAST_TIME.setOpaque(this, event.time());
        if (event.time() > endedAt) settleEnded();
        if (event instanceof JobSubmitted s) {
            Row row = new Row(s.job());
            if (!live.add(s.jobId(), row) || held.contains(s.jobId()))
                throw new IllegalStateException("job " + s.jobId() + " submitted twice");
            SUBMITTED.setOpaque(this, submitted + 1);
        } else if (event instanceof JobStarted s) {
            Row row = row(s);
            row.scheduled = s.time();
            row.start = s.time() + s.boot();
            if (s.reused()) reuses++;
            else boots++;
            bootSeconds += s.boot();
            row.size = s.allocation().nodes();
            row.partition = s.allocation().partition();
            row.contiguous = s.allocation().contiguous();
        } else if (event instanceof JobFinished f) {
            ended(row(f)).end = f.time();
            FINISHED.setOpaque(this, finished + 1);
        } else if (event instanceof BootFailed b) {
            Row row = ended(row(b));
            row.end = b.time();
            row.killedBy = b.midplane();
            FINISHED.setOpaque(this, finished + 1);
            bootFailures++;
        } else if (event instanceof JobKilled k) {
            Row row = ended(row(k));
            nodeSecondsLost += (long) row.size * Math.max(0, k.time() - row.start);
            if (k.time() < row.start) {
                // Killed while its block booted (or during its boot delay): its run never began, so it ends at the
                // kill with a run of 0 s rather than a start after its end (a negative run in jobs.csv and
                // schedule.swf).
                bootFailures++;
                row.start = k.time();
            }
            row.end = k.time();
            row.killedBy = k.component();
            FINISHED.setOpaque(this, finished + 1);
            kills++;
            if (row.kills++ == 0) jobsKilled++;
        } else if (event instanceof JobRequeued q) {
            Row row = row(q);
            row.scheduled = row.start = row.end = -1;
            row.size = 0;
            row.partition = row.killedBy = "";
            row.contiguous = false;
            FINISHED.setOpaque(this, finished - 1);
            requeues++;
        } else if (event instanceof JobCancelled c) {
            Row row = ended(row(c));
            if (row.start >= 0) {
                row.end = c.time();
                FINISHED.setOpaque(this, finished + 1);
            } else {
                CANCELLED_WAITING.setOpaque(this, cancelledWaiting + 1);
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
        Row r = live.get(jobId);
        if (r == null) throw new IllegalStateException("event for unknown job " + jobId + ": " + e);
        return r;
    }

    /** Notes that {@code row} ends at the current instant: it is settled once a later instant comes. */
    private Row ended(Row row) {
        endedAt = lastTime;
        endedNow.add(row);
        return row;
    }

    /** Settles the jobs that ended at an earlier instant and were not requeued then. */
    private void settleEnded() {
        if (endedNow.isEmpty()) return;
        for (Row row : endedNow) {
            if (row.ended() && live.remove(row.job.id(), row)) held.add(row.record());
        }
        endedNow.clear();
        while (!held.isEmpty() && (live.isEmpty() || held.firstId() < live.firstId())) settled.accept(held.pollFirst());
    }

    /** Hands every job still kept to the consumer, in job-id order: call after the last event. */
    public void finish() {
        settleEnded();
        for (Row row : live.inIdOrder()) held.add(row.record());
        live.clear();
        while (!held.isEmpty()) settled.accept(held.pollFirst());
    }

    /**
     * The jobs in job-id order: every job of a table that keeps them, else the jobs not yet handed to the consumer.
     */
    public List<JobRecord> records() {
        List<JobRecord> all = new ArrayList<>(kept == null ? held.size() + live.size() : kept.size() + live.size());
        if (kept != null) all.addAll(kept);
        all.addAll(held.records());
        for (Row r : live.inIdOrder()) all.add(r.record());
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

    /** Job starts on a ready block, without a boot (docs/blocks.md). */
    public long reuses() {
        return reuses;
    }

    /** Job starts but those on a ready block, each a boot of its block when blocks boot. */
    public long boots() {
        return boots;
    }

    /** Seconds of boot over every start (boot delays included). */
    public long bootSeconds() {
        return bootSeconds;
    }

    /** Boots that failed: a failed draw of the boot model ({@link BootFailed}), or a kill before the run began. */
    public long bootFailures() {
        return bootFailures;
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
        return Math.toIntExact(submitted);
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

    /** The jobs cancelled before they started, or while requeued; safe to read from another thread. */
    public long cancelledWaitingCount() {
        return (long) CANCELLED_WAITING.getOpaque(this);
    }

    private static VarHandle field(String name) {
        try {
            return MethodHandles.lookup().findVarHandle(JobTable.class, name, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
