package org.bgctl.live;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.BlockStates;
import org.bgctl.machine.bgl.MidplaneMap;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobStatus;
import org.bgctl.report.JobTable;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * What a live server shows: the run rebuilt from the scheduler's events — first those of the journal,
 * then each as it happens — as the machine, the queue, the running jobs and the job table, with the
 * allocation invariants checked all along ({@link RecordedRun}). Thread-safe: the scheduler writes,
 * the API reads. Every event also goes to the listener (the event stream).
 */
public final class LiveView implements EventSink {

    private final RecordedRun run;
    private final JobTable table = new JobTable();
    /** Lookup only; never iterated. */
    private final Set<Long> ids = new HashSet<>();
    private long maxId;
    private volatile Consumer<SchedulerEvent> listener = e -> { };
    /** The reservations given at the start and placed since, less those cancelled. */
    private Reservations reservations = Reservations.NONE;
    /** The first reservation event that does not follow from the windows before it, or null. */
    private String reservationMismatch;

    public LiveView(MachineModel freshMachine) {
        this.run = new RecordedRun(freshMachine);
    }

    @Override
    public synchronized void accept(SchedulerEvent e) {
        run.accept(e);
        table.accept(e);
        if (e instanceof JobSubmitted s) {
            ids.add(s.jobId());
            maxId = Math.max(maxId, s.jobId());
        }
        if (e instanceof ReservationPlaced p) {
            if (reservations.named(p.name()) != null) mismatch("places the window '" + p.name() + "' at " + p.time()
                    + " s, which is there already");
            reservations = reservations.without(p.name()).with(p.reservation());
        }
        if (e instanceof ReservationCancelled c) {
            if (reservations.named(c.name()) == null) mismatch("cancels the window '" + c.name() + "' at " + c.time()
                    + " s, which is not there");
            reservations = reservations.without(c.name());
        }
        listener.accept(e);
    }

    private void mismatch(String what) {
        if (reservationMismatch == null) reservationMismatch = what;
    }

    /**
     * The first reservation event read that does not follow from the windows before it — those given at the start
     * ({@link #reserve}) and the events before it — such as the cancellation of a window a reservation file no longer
     * holds: the scheduler's recovery from the same start would stop there.
     */
    public synchronized Optional<String> reservationMismatch() {
        return Optional.ofNullable(reservationMismatch);
    }

    /** Shows {@code windows} too: the reservations a server was started with. */
    public synchronized void reserve(Reservations windows) {
        for (Reservation r : windows.windows()) reservations = reservations.without(r.name()).with(r);
    }

    /** Every reservation, in (start, end, name) order, with whether it is under way now ({@code active}). */
    public synchronized List<Map<String, Object>> reservations() {
        long now = lastTime();
        List<Map<String, Object>> all = new ArrayList<>();
        for (Reservation r : reservations.windows()) {
            Map<String, Object> m = ReservationJson.fields(r);
            m.put("active", r.activeAt(now));
            all.add(m);
        }
        return all;
    }

    /** Where events go after the view has taken them. */
    public void listen(Consumer<SchedulerEvent> listener) {
        this.listener = listener;
    }

    public synchronized boolean knows(long jobId) {
        return ids.contains(jobId);
    }

    /** The largest job id submitted so far, 0 when none. */
    public synchronized long maxId() {
        return maxId;
    }

    /** The time of the last event, or 0 before any. */
    public synchronized long lastTime() {
        return run.events() == 0 ? 0 : run.lastTime();
    }

    /** Compares the agents' answers with what the events so far say each unit holds ({@code GET /api/audit}). */
    public synchronized AgentAudit.Result auditAgents(Map<String, UnitProtocol.Occupancy> agents) {
        return AgentAudit.compare(run, agents);
    }

    public synchronized List<String> violations() {
        return List.copyOf(run.violations());
    }

    /** Every job in id order, as JSON-ready maps. */
    public synchronized List<Map<String, Object>> jobs() {
        List<Map<String, Object>> all = new ArrayList<>();
        for (JobRecord r : table.records()) all.add(jobFields(r, status(r)));
        return all;
    }

    /** One job, or null when no job has this id. */
    public synchronized Map<String, Object> job(long id) {
        if (!ids.contains(id)) return null;
        for (JobRecord r : table.records()) if (r.job().id() == id) return jobFields(r, status(r));
        return null;
    }

    /**
     * Every status a job of {@code GET /api/jobs} can have: all of jobs.csv's but never_started, a job still queued
     * when a replay ended, which a server, its jobs queued until they start, never reports.
     */
    public static final List<String> STATUSES = JobStatus.labels().stream()
            .filter(s -> !s.equals(JobStatus.NEVER_STARTED.label())).toList();

    private String status(JobRecord r) {
        long id = r.job().id();
        if (run.queued().containsKey(id)) return JobStatus.QUEUED.label();
        if (run.running().containsKey(id)) return JobStatus.RUNNING.label();
        if (run.isSuspended(id)) return JobStatus.SUSPENDED.label();
        return r.status();
    }

    private static Map<String, Object> jobFields(JobRecord r, String status) {
        Job j = r.job();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", j.id());
        m.put("status", status);
        m.put("submit", j.submit());
        m.put("size", j.size());
        m.put("shape", j.geometry().shape() == null ? null : j.geometry().shape().toString());
        m.put("topology", j.geometry().topology().name().toLowerCase());
        m.put("estimate", j.estimate());
        m.put("runtime", j.runtime());
        m.put("start", r.start() < 0 ? null : r.start());
        m.put("end", r.end() < 0 ? null : r.end());
        m.put("partition", r.partition());
        m.put("nodes", r.size());
        if (!r.killedBy().isEmpty() && !r.killedBy().equals(JobRecord.CANCELLED)) m.put("killed_by", r.killedBy());
        return m;
    }

    /**
     * The machine now: occupancy, parts down, running jobs, the queue, and for midplanes a picture and
     * the use of every cable ({@link CableUse}).
     */
    public synchronized Map<String, Object> machine() {
        MachineModel m = run.machine();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("machine", m.name());
        out.put("time", lastTime());
        out.put("nodes", m.capacity());
        out.put("free_nodes", m.freeNodes());
        out.put("down", List.copyOf(m.downComponents()));
        m.grid().ifPresent(g -> out.put("grid", List.of(g.x(), g.y(), g.z())));
        TreeMap<Long, Allocation> running = new TreeMap<>();
        List<Map<String, Object>> jobs = new ArrayList<>();
        BlockStates blocks = run.blockStates(lastTime());
        SortedMap<Long, Long> booting = blocks.booting();
        for (RunningJob r : run.running().values()) {
            running.put(r.id(), r.allocation());
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("id", r.id());
            j.put("nodes", r.allocation().nodes());
            j.put("partition", r.allocation().partition());
            j.put("start", r.start());
            j.put("end", r.end());
            if (booting.containsKey(r.id())) {
                j.put("block", "booting");
                j.put("boot_end", booting.get(r.id()));
            }
            List<String> units = new ArrayList<>();
            for (Claim c : r.allocation().claims()) if (m.nodesOf(c.unit()) > 0) units.add(c.unit());
            j.put("units", units);
            jobs.add(j);
        }
        out.put("running", jobs);
        out.put("suspended", List.copyOf(run.suspended().keySet()));
        out.put("queued", List.copyOf(run.queued().keySet()));
        out.put("reservations", reservations());
        if (!blocks.freeing().isEmpty()) {
            List<Map<String, Object>> freeing = new ArrayList<>();
            blocks.freeing().forEach((job, a) -> freeing.add(block(m, job, a, blocks.freedAt().get(job))));
            out.put("freeing", freeing);
        }
        if (!blocks.ready().isEmpty()) {
            List<Map<String, Object>> ready = new ArrayList<>();
            blocks.ready().forEach((job, a) -> ready.add(block(m, job, a, null)));
            out.put("ready", ready);
        }
        if (!blocks.bootErrors().isEmpty()) out.put("boot_errors", List.copyOf(blocks.bootErrors().keySet()));
        if (m instanceof BglMachineModel bgl) {
            out.put("map", MidplaneMap.render(bgl, running, blocks, reservations.unitsActiveAt(lastTime())));
            out.put("cables", CableUse.of(bgl, running));
        }
        return out;
    }

    /**
     * A block of finished job {@code job} on {@code a}, its midplanes as {@code units}, and when it is free
     * ({@code free_at}) unless {@code freeAt} is null.
     */
    private static Map<String, Object> block(MachineModel m, long job, Allocation a, Long freeAt) {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("job", job);
        b.put("partition", a.partition());
        if (freeAt != null) b.put("free_at", freeAt);
        List<String> units = new ArrayList<>();
        for (Claim c : a.claims()) if (m.nodesOf(c.unit()) > 0) units.add(c.unit());
        b.put("units", units);
        return b;
    }

    /** Counts for the metrics endpoint. */
    public synchronized Map<String, Object> counts() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("time", lastTime());
        out.put("events", run.events());
        out.put("jobs_submitted", table.submittedCount());
        out.put("jobs_queued", run.queued().size());
        out.put("jobs_running", run.running().size());
        out.put("jobs_suspended", run.suspended().size());
        // Every job ended: those that ran and ended, and those cancelled before they ran.
        out.put("jobs_ended", table.finishedCount() + table.cancelledWaitingCount());
        long busy = 0;
        for (RunningJob r : run.running().values()) busy += r.allocation().nodes();
        out.put("busy_nodes", busy);
        out.put("nodes", run.machine().capacity());
        out.put("components_down", run.machine().downComponents().size());
        out.put("invariant_violations", run.violations().size());
        return out;
    }
}
