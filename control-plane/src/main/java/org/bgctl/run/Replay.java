package org.bgctl.run;

import akka.Done;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.Pacing;
import org.bgctl.clock.RunClock;
import org.bgctl.faults.FaultLedger;
import org.bgctl.journal.H2Opening;
import org.bgctl.journal.JournalDatabase;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSchema;
import org.bgctl.journal.JournalSettings;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.paragon.ParagonSite;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobSpill;
import org.bgctl.report.JobTable;
import org.bgctl.report.FaultLog;
import org.bgctl.report.NqsReport;
import org.bgctl.report.RunMetrics;
import org.bgctl.report.Summary;
import org.bgctl.report.html.RunReport;
import org.bgctl.reservations.ReservationReport;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.RunEnd;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.UnitDirectory;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TraceCalendars;
import org.bgctl.workload.Workload;
import org.bgctl.workload.WorkloadJob;

/**
 * A replay of an SWF trace, in virtual time or on the scaled clock ({@link RunClock}): the trace is streamed through the workload
 * transforms into the scheduler (actors or direct), and the run directory receives
 * summary.json, jobs.csv, schedule.swf, report.html, faults.csv when components failed and, with the H2 journal, the journal itself (with the
 * PostgreSQL journal, journal.properties naming the run's persistence id).
 */
public final class Replay {

    private Replay() {
    }

    /**
     * Runs the replay and writes its outputs.
     *
     * @param every how often to call {@code progress}
     * @throws IllegalArgumentException for a bad machine, scheduler or run directory
     * @throws org.bgctl.swf.SwfFormatException for a malformed trace line (strict mode)
     */
    public static ReplayResult run(ReplaySpec spec, Progress progress, Duration every) throws IOException {
        return run(spec, ActorHost.LOCAL, progress, every);
    }

    /**
     * Runs the replay with its actors where {@code host} puts them, and writes its outputs.
     *
     * @see #run(ReplaySpec, Progress, Duration)
     */
    public static ReplayResult run(ReplaySpec spec, ActorHost host, Progress progress, Duration every)
            throws IOException {
        return run(spec, host, OptionalDouble.empty(), progress, every);
    }

    /**
     * Runs the replay with its actors where {@code host} puts them, on the virtual clock or, with {@code speed}, on
     * the scaled clock ({@code speed} virtual seconds per wall second), and writes its outputs. The scaled run writes
     * what the virtual one does, and its clock's lateness under summary.json's {@code run}; its instants are the
     * virtual run's, so when the clock keeps up its jobs.csv and schedule.swf are the virtual run's byte for byte.
     *
     * @throws IllegalArgumentException also for a speed with the direct executor, which has no clock to pace
     * @see #run(ReplaySpec, Progress, Duration)
     */
    public static ReplayResult run(ReplaySpec spec, ActorHost host, OptionalDouble speed, Progress progress,
                                   Duration every) throws IOException {
        return run(spec, host, speed, Optional.empty(), progress, every);
    }

    /** As {@link #run(ReplaySpec, ActorHost, OptionalDouble, Progress, Duration)}, watched by {@code watcher}. */
    public static ReplayResult run(ReplaySpec spec, ActorHost host, OptionalDouble speed,
                                   Optional<? extends ReplayWatcher> watcher, Progress progress, Duration every)
            throws IOException {
        return run(spec, null, host, speed, watcher.map(w -> (ReplayWatcher) w), new CompletableFuture<>(), progress,
                every);
    }

    /**
     * Runs the replay as {@link #run(ReplaySpec, ActorHost, OptionalDouble, Progress, Duration)} does, with
     * {@code watcher} (only with a speed) seeing the run as it goes: the HTTP API and dashboard of
     * {@code replay --speed K --port P}. A durable replay (actors, with an h2 or postgres journal) first records
     * {@code parameters} in the run directory ({@link RunRecord}) so that {@link #resume} can continue it. Once
     * {@code stop} completes no further instant is released: the journal is flushed and closed, and summary.json
     * says {@code "interrupted": true} with what is known ({@link ReplayResult#interrupted()}). A run that fails leaves
     * no journal and no run record, but one stopped mid-run by the loss of a cluster member ({@link StoppedMidRun}):
     * a durable replay's are kept, as a kill leaves them, for {@link #resume}.
     *
     * @param parameters the replay's parameters, recorded for a resume; null records nothing
     * @throws IllegalArgumentException also for a watcher without a speed
     */
    public static ReplayResult run(ReplaySpec spec, ReplayParameters parameters, ActorHost host, OptionalDouble speed,
                                   Optional<ReplayWatcher> watcher, CompletionStage<?> stop, Progress progress,
                                   Duration every) throws IOException {
        if (watcher.isPresent() && speed.isEmpty())
            throw new IllegalArgumentException("--port opens the API during a replay on the scaled clock; give --speed K");
        if (speed.isPresent() && spec.executor() == ExecutorKind.DIRECT)
            throw new IllegalArgumentException("--speed paces the actors' clock; the direct executor has none"
                    + " (use --executor actors)");
        Lateness lateness = new Lateness();
        Pacing pacing = speed.isPresent() ? Pacing.scaled(speed.getAsDouble(), lateness) : Pacing.VIRTUAL;
        MachineModel machine = MachineCatalog.create(spec.machine());
        Policies.createFor(spec.scheduler(), spec.settings(), machine);
        Path out = spec.out();
        Files.createDirectories(out);
        if (JournalLocation.exists(out))
            throw new IllegalArgumentException("run directory " + out
                    + " already holds a journal; choose another --out (nothing was changed)");

        JournalLocation journal = JournalLocation.forNewRun(spec.journal(), out);
        try {
            if (spec.executor() == ExecutorKind.ACTORS) journal.mark();
            // the actors of a run in this JVM start, and its H2 file is opened, while the trace's checksum is recorded
            // and the trace opened
            boolean local = spec.executor() == ExecutorKind.ACTORS && host == ActorHost.LOCAL;
            try (H2Opening h2 = local && journal.kind() == JournalKind.H2
                    ? H2Opening.start(JournalSettings.h2Url(journal.runDir())) : null;
                 LocalActors early = local ? localActors(spec, journal, pacing, h2) : null) {
                if (durable(spec) && parameters != null)
                    RunRecord.of(parameters, spec.trace()).withInputChecksums().write(out);
                Watch watch = new Watch(watcher, lateness, watcher.isPresent() ? firstLiveId(spec, machine) : 1);
                return replay(spec, journal, host, early, pacing, watch, machine, progress,
                        every, stop, JournaledPrefix.NONE);
            }
        } catch (StoppedMidRun e) {
            // what a recorded durable run journaled is kept for a resume, as a killed run's is
            if (!durable(spec) || parameters == null) removeJournal(out);
            throw e;
        } catch (IOException | RuntimeException e) {
            removeJournal(out);
            throw e;
        }
    }

    /** A replay that keeps its journal: actors, with an h2 or postgres journal. */
    public static boolean durable(ReplaySpec spec) {
        return spec.executor() == ExecutorKind.ACTORS && spec.journal() != JournalKind.MEMORY;
    }

    /**
     * True when {@code runDir} holds the outputs of a replay that ran to its end: summary.json not marked
     * interrupted, and report.html, which is written last (a kill before it leaves a run that a resume completes).
     */
    public static boolean finished(Path runDir) throws IOException {
        return Files.isRegularFile(runDir.resolve("summary.json")) && !Summary.interrupted(runDir)
                && Files.isRegularFile(runDir.resolve(RunReport.FILE));
    }

    /**
     * Continues the durable replay of {@code runDir} from where its journal ends, with the parameters of its
     * {@link RunRecord}: the scheduler recovers (its latest snapshot and the later events), the job table is rebuilt
     * from the journal's events, the trace is read again through the same workload (so every random draw is the
     * same) and its jobs already in the journal skipped, the fault plan's changes up to the journal's last instant
     * skipped, and the clock goes on from the last instant journaled. The journal holds whole instants only (its
     * groups are cut when an instant has settled), so what a kill lost is re-derived from the same inputs; the
     * outputs are those of the uninterrupted run, byte for byte outside summary.json's {@code run}. In virtual time
     * on this JVM; {@code stop} interrupts it as in {@link #run(ReplaySpec, ReplayParameters, ActorHost,
     * OptionalDouble, CompletionStage, Progress, Duration)}.
     *
     * @throws IllegalArgumentException when the directory holds no run record, or the trace or an input file changed since
     */
    public static ReplayResult resume(Path runDir, CompletionStage<?> stop, Progress progress, Duration every)
            throws IOException {
        RunRecord record = RunRecord.read(runDir);
        record.checkInputs();
        // checked when the run began, when it may have had the API of a watched replay to fail components
        ReplaySpec spec = record.resumeParameters().toSpecWithLiveFaults(runDir);
        if (!durable(spec))
            throw new IllegalArgumentException(runDir + " is not the run of a durable replay (" + RunRecord.FILE
                    + " names executor " + spec.executor().name().toLowerCase() + ", journal "
                    + spec.journal().name().toLowerCase() + ")");
        record.checkTrace(spec.trace());
        MachineModel machine = MachineCatalog.create(spec.machine());
        JournalLocation journal = JournalLocation.exists(runDir) ? JournalLocation.of(runDir)
                : JournalLocation.forNewRun(spec.journal(), runDir);
        if (journal.kind() != spec.journal())
            throw new IllegalArgumentException(runDir + " holds a " + journal.kind().name().toLowerCase()
                    + " journal, but " + RunRecord.FILE + " names " + spec.journal().name().toLowerCase());
        if (journal.kind() == JournalKind.H2) JournalSettings.refuseNonH2File(runDir);
        return replay(spec, journal, ActorHost.LOCAL, null, Pacing.VIRTUAL, new Watch(Optional.empty(), new Lateness(), 1),
                machine, progress, every, stop, JournaledPrefix.of(journal));
    }

    /** A run that failed leaves no journal behind, so its directory can be used again. */
    private static void removeJournal(Path out) throws IOException {
        for (String suffix : new String[] {".mv.db", ".trace.db"}) {
            Files.deleteIfExists(out.resolve(JournalSettings.H2_FILE + suffix));
        }
        Files.deleteIfExists(out.resolve(JournalLocation.MARK));
        Files.deleteIfExists(out.resolve(RunRecord.FILE));
    }

    /**
     * The id of the first job submitted through a watched replay's API: above every job number of the trace lines the
     * run reads (the first N with --first N; those whose jobs are set aside too), as on a server, so that a job
     * submitted live never takes the number of a trace job yet to arrive, nor of one in the summary's counts. The
     * trace is read once more for it.
     *
     * @throws IllegalArgumentException when the trace has the largest job number a job can have
     */
    private static long firstLiveId(ReplaySpec spec, MachineModel machine) throws IOException {
        SwfReader reader = spec.trace().open(spec.lenient());
        try (Workload jobs = workload(reader, spec, machine)) {
            while (jobs.hasNext()) jobs.next();
        }
        return RunClock.idAfter(reader.largestJobNumber(), spec.trace().name());
    }

    /** Who watches the run (if anyone), the lateness of its clock, and the id of the first job submitted live. */
    private record Watch(Optional<ReplayWatcher> watcher, Lateness lateness, long firstLiveId) {

        /** {@code sink}, and the watcher after it. */
        EventSink around(EventSink sink) {
            if (watcher.isEmpty()) return sink;
            ReplayWatcher w = watcher.get();
            return e -> {
                sink.accept(e);
                w.accept(e);
            };
        }

        /** {@code clock}, starting the watcher first. */
        Behavior<RunClock.Command> around(Behavior<RunClock.Command> clock, UnitDirectory units) {
            if (watcher.isEmpty()) return clock;
            return Behaviors.setup(ctx -> {
                watcher.get().start(ctx.getSystem(), ctx.getSelf(), units, lateness);
                return clock;
            });
        }
    }

    /**
     * The replay itself; {@code early} is the run's actor system when it was started ahead ({@link LocalActors}),
     * else null.
     */
    private static ReplayResult replay(ReplaySpec spec, JournalLocation journal, ActorHost host, LocalActors early,
                                       Pacing pacing, Watch watch, MachineModel machine, Progress progress,
                                       Duration every, CompletionStage<?> stop, JournaledPrefix prefix)
            throws IOException {
        try (JobSpill spill = new JobSpill(spec.faults().boots().on())) {
            return replay(spec, journal, host, early, pacing, watch, machine, progress, every, stop, prefix, spill);
        }
    }

    private static ReplayResult replay(ReplaySpec spec, JournalLocation journal, ActorHost host, LocalActors early,
                                       Pacing pacing, Watch watch, MachineModel machine, Progress progress,
                                       Duration every, CompletionStage<?> stop, JournaledPrefix prefix, JobSpill spill)
            throws IOException {
        JobTable table = new JobTable(spill);
        FaultLedger ledger = new FaultLedger(machine);
        FaultLog faultLog = new FaultLog();
        RecordedRun audit = spec.faults().injects() ? new RecordedRun(MachineCatalog.create(spec.machine())) : null;
        // the scheduler's account of an actor run, which the agents' holdings are compared with at its end
        RecordedRun view = spec.executor() != ExecutorKind.ACTORS ? audit
                : audit != null ? audit : new RecordedRun(MachineCatalog.create(spec.machine()));
        AtomicReference<Map<String, UnitProtocol.Occupancy>> agents = new AtomicReference<>();
        EventSink sink = view == null ? e -> {
            table.accept(e);
            ledger.accept(e);
            faultLog.accept(e);
        } : e -> {
            table.accept(e);
            ledger.accept(e);
            faultLog.accept(e);
            view.accept(e);
        };
        prefix.replayInto(sink);
        HealthChanges health = spec.faults().changes(machine);
        ChaosLedger chaos = spec.chaos().active() ? new ChaosLedger(spec.chaos(), spec.chaosSeed()) : null;
        prefix.skipDone(health);
        long started = System.nanoTime();
        RunClock.Outcome outcome;
        Workload workload;
        List<String> malformed;
        TraceCalendar calendar;
        try (SwfReader reader = spec.trace().open(spec.lenient())) {
            calendar = TraceCalendars.of(reader.header(), reader.fileName());
            TraceCalendar traceCalendar = calendar;
            Supplier<SchedulerCore> cores = () -> core(spec, spec.settings(), traceCalendar);
            workload = workload(reader, spec, machine);
            try (ReplayProgress shown = new ReplayProgress(progress, every, table, spec.trace(),
                    spec.workload().firstJobs())) {
                // a watched run's API reads the table as events come; otherwise the table takes them on a thread
                // of its own
                try (ReadAhead<Job> jobs = new ReadAhead<>(prefix.skipSubmitted(shown.jobs(workload, reader)),
                        "bgctl-trace-reader");
                     EventPipe pipe = watch.watcher().isEmpty() ? new EventPipe(sink) : null) {
                    outcome = execute(spec, journal, host, early, pacing, watch, cores, new Arrivals(jobs), health,
                            pipe != null ? pipe : watch.around(sink), agents::set, chaos, stop);
                    if (pipe != null) pipe.finish();
                }
                // a run cut at --until has not dealt with the trace's later lines: its progress ends where it stopped
                shown.finish(!outcome.interrupted() && outcome.end() != RunEnd.UNTIL);
            }
            malformed = reader.skippedLineMessages();
        }
        double wall = (System.nanoTime() - started) / 1e9;
        if (outcome.interrupted()) return interrupted(spec, machine, workload, table, outcome, wall);
        MaxSuccessful maxSuccessful = maxSuccessfulMigrations(spec, table, machine);

        table.finish();
        Optional<ParagonSite> site = machine.nqsSite();
        boolean nqs = PolicyRegistry.named(spec.scheduler()).reportsQueues() && site.isPresent();
        // the NQS queues and the wait the reservations caused need every job at once
        RunReport.Jobs reportJobs = new RunReport.Jobs();
        JobOutputs jobs = JobOutputs.write(spill, spec.out(), machine.name(), machine.capacity(), spec.scheduler(),
                spec.trace().name(), spec.workload().jobClasses().any(), nqs || !spec.reservations().isEmpty(),
                reportJobs);
        RunMetrics metrics = jobs.metrics();
        Summary summary = summarize(spec, machine, workload, table, jobs, outcome, wall, maxSuccessful);
        summary.putRun("clock", pacing instanceof Pacing.Scaled ? "scaled" : "virtual");
        if (pacing instanceof Pacing.Scaled scaled) {
            summary.putRun("speed", scaled.speed());
            scaled.lateness().stats().fields().forEach(summary::putRun);
        }
        summary.put("faults", faultFields(spec, table, jobs, ledger, audit));
        if (spec.faults().boots().on()) summary.put("blocks", blockFields(spec.faults().boots(), table));
        if (!spec.reservations().isEmpty())
            summary.put("reservations", ReservationReport.fields(spec.reservations(), jobs.kept(),
                    withoutReservations(spec, machine), machine.capacity()));
        if (chaos != null) summary.put("chaos", chaos.fields());
        if (!malformed.isEmpty()) summary.put("malformed_line_examples", malformed);
        if (nqs) summary.put("nqs", NqsReport.write(spec.out(), jobs.kept(), site.get(), machine.capacity(), calendar));
        AgentAudit.Result agentAudit = agents.get() == null ? null : AgentAudit.compare(view, agents.get());
        if (agentAudit != null) summary.putRun("agent_audit", agentAudit.fields());
        summary.write(spec.out().resolve("summary.json"));
        faultLog.writeInto(spec.out());
        RunReport.write(spec.out(), reportJobs);
        if (agentAudit != null && !agentAudit.mismatches().isEmpty())
            throw new AgentsDisagree(agentAudit.failure() + " (the outputs are kept in " + spec.out() + ")");
        return new ReplayResult(summary, metrics, table);
    }

    /** The jobs of {@code spec}'s trace, read from {@code reader} for {@code machine}, up to its --until. */
    private static Workload workload(SwfReader reader, ReplaySpec spec, MachineModel machine) {
        return new Workload(reader, spec.workload(), machine).until(spec.until());
    }

    private static SchedulerCore core(ReplaySpec spec, SchedulerSettings settings, TraceCalendar calendar) {
        SchedulerCore core = new SchedulerCore(Policies.create(spec.scheduler(), settings, calendar),
                MachineCatalog.create(spec.machine()),
                settings.bootDelay(), spec.faults().onKill(), spec.faults().maxRequeues(), spec.faults().boots());
        core.reserve(spec.reservations());
        return core;
    }

    /** The max-successful migrations of a run, and the wall-clock seconds spent finding them. */
    private record MaxSuccessful(long migrations, double wall) {
    }

    /**
     * Krevat et al. (2002, §3.4): the migrations that succeed when a migration is always attempted
     * (FN_tor >= 0, FN_max <= 1) on the same workload. For a run with other thresholds that is a second
     * replay, through the direct executor; 0 for a scheduler that does not migrate.
     */
    private static MaxSuccessful maxSuccessfulMigrations(ReplaySpec spec, JobTable table, MachineModel machine)
            throws IOException {
        if (!Policies.migrates(spec.scheduler())) return new MaxSuccessful(0, 0);
        if (spec.settings().migratesAlways()) return new MaxSuccessful(table.migrationsPerformed(), 0);
        long started = System.nanoTime();
        JobTable always = new JobTable(settled -> { });
        try (SwfReader reader = spec.trace().open(spec.lenient())) {
            Workload workload = workload(reader, spec, machine);
            TraceCalendar calendar = TraceCalendars.of(reader.header(), reader.fileName());
            new DirectExecutor(core(spec, spec.settings().alwaysMigrating(), calendar), always)
                    .run(new Arrivals(jobs(workload)), spec.faults().changes(machine), spec.until());
        }
        return new MaxSuccessful(always.migrationsPerformed(), (System.nanoTime() - started) / 1e9);
    }

    /**
     * The jobs of the same replay without its reservations — through the direct executor, which decides as the
     * actors do, and ended at the same --until — for the wait the windows caused.
     */
    private static List<JobRecord> withoutReservations(ReplaySpec spec, MachineModel machine) throws IOException {
        JobTable without = new JobTable();
        try (SwfReader reader = spec.trace().open(spec.lenient())) {
            Workload workload = workload(reader, spec, machine);
            TraceCalendar calendar = TraceCalendars.of(reader.header(), reader.fileName());
            SchedulerCore core = core(spec, spec.settings(), calendar);
            core.reserve(Reservations.NONE);
            new DirectExecutor(core, without).run(new Arrivals(jobs(workload)), spec.faults().changes(machine),
                    spec.until());
        }
        return without.records();
    }

    /**
     * A run stopped before its end: summary.json marked {@code "interrupted": true} with what is known (no jobs.csv
     * or schedule.swf, which a resume writes whole).
     */
    private static ReplayResult interrupted(ReplaySpec spec, MachineModel machine, Workload workload, JobTable table,
                                            RunClock.Outcome outcome, double wall) throws IOException {
        Summary s = new Summary()
                .put("interrupted", true)
                .put("machine", machine.name())
                .put("scheduler", spec.scheduler())
                .put("trace", spec.trace().name())
                .put("nodes", machine.capacity())
                .put("jobs_read", workload.jobsRead())
                .put("jobs_submitted", table.submittedCount())
                .put("jobs_finished", table.finishedCount())
                .put("last_instant_s", Math.max(outcome.lastTime(), table.lastTime()))
                .put("events", table.events())
                .put("end", endFields(spec, outcome, table, table.records().stream()
                        .filter(r -> r.status().equals("never_started")).count(),
                        table.records().stream().filter(r -> r.status().equals("running")).count()));
        s.putRun("executor", spec.executor().name().toLowerCase())
                .putRun("journal", spec.journal().name().toLowerCase())
                .putRun("wall_s", wall)
                .putRun("journaled_events", outcome.journaled());
        s.write(spec.out().resolve("summary.json"));
        return new ReplayResult(s, null, table);
    }

    private static RunClock.Outcome execute(ReplaySpec spec, JournalLocation journal, ActorHost host,
                                            LocalActors early, Pacing pacing, Watch watch,
                                            Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                            EventSink sink,
                                            Consumer<Map<String, UnitProtocol.Occupancy>> agents, ChaosLedger chaos,
                                            CompletionStage<?> stop) {
        if (spec.executor() == ExecutorKind.DIRECT) {
            DirectExecutor direct = new DirectExecutor(cores.get(), sink);
            CompletableFuture<?> stopped = stop.toCompletableFuture();
            RunEnd end = direct.run(arrivals, health, spec.until(), stopped::isDone);
            // no clock: the last instant the executor stepped through is the run's last instant
            return new RunClock.Outcome(-1, direct.queued(), 0, direct.lastInstant(), end);
        }
        if (chaos != null && host != ActorHost.LOCAL)
            throw new IllegalArgumentException("chaos: runs the actors in one JVM; it cannot be combined with a cluster");
        Config config = early != null ? early.config() : actorConfig(SystemKind.of(spec, pacing), journal.config());
        int group = config.getInt("bgctl.virtual-journal-group");
        RunClock.Inputs inputs = RunClock.Inputs.of(arrivals, health, spec.until(), watch.firstLiveId());
        ActorReplay.ClockFactory clock = (scheduler, units, done) -> watch.around(
                RunClock.create(scheduler, inputs, pacing, done, stop), units);
        if (early != null) return early.run(cores, sink, group, clock, agents, chaos);
        if (chaos != null)
            return ActorReplay.run(config, prepare(journal), cores, sink, group, clock, agents, chaos);
        return host.run(config, prepare(journal), cores, sink, group, clock, agents);
    }

    /**
     * The actor system of a run in this JVM: the one started ahead for a run of its kind ({@link ActorsAhead}), else
     * one started now; either way prepared for this run's journal, whose H2 file {@code h2} opens if not null.
     */
    private static LocalActors localActors(ReplaySpec spec, JournalLocation journal, Pacing pacing, H2Opening h2) {
        SystemKind kind = SystemKind.of(spec, pacing);
        LocalActors ahead = ActorsAhead.take(kind);
        LocalActors actors = ahead != null ? ahead : LocalActors.start(() -> actorConfig(kind, journal.config()));
        if (h2 == null) return actors.prepare(prepare(journal));
        // the run begins while the file opens: the new journal is known empty, and its first write waits for the file
        return actors.prepare(system -> {
            JournalDatabase.get(system.classicSystem()).adopt(h2);
            return CompletableFuture.completedFuture(Done.getInstance());
        }).alongside(h2.ready());
    }

    /**
     * The configuration of an actor system of {@code kind}: the journal's ({@code journal}), over Akka's and
     * bgctl's, and the clock's and chaos mode's.
     */
    static Config actorConfig(SystemKind kind, Config journal) {
        Config config = journal.withFallback(ConfigFactory.load());
        // A run is stopped by the shutdown hook of its command (bgctl replay), which stops its clock between two
        // instants, closes a durable run's journal and says where the run stopped before the JVM exits: Akka's own hook
        // would end the actor system under it, and a run whose journal is kept in memory ended without a word.
        config = ConfigFactory.parseMap(Map.of("akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off"))
                .withFallback(config);
        // Journaled in groups, a replay decides nothing from what is written: the JDBC journal writes a group while
        // the scheduler goes on, and the run's end waits for the last (ActorReplay.outcome). Its actor, left with
        // little to do, runs on the scheduler's thread, so a write is acknowledged without waking another thread.
        if (config.getInt("bgctl.virtual-journal-group") > 0
                && config.getString("akka.persistence.journal.plugin").equals("bgctl.jdbc-journal"))
            config = ConfigFactory.parseMap(Map.of("bgctl.jdbc-journal.pipelined", "on",
                    "bgctl.jdbc-journal.plugin-dispatcher", ActorReplay.VIRTUAL_TIME_DISPATCHER)).withFallback(config);
        // In scaled time the timers fire to the millisecond (lateness is measured in ms).
        if (kind.scaled())
            config = ConfigFactory.parseMap(Map.of("akka.scheduler.tick-duration", "1ms")).withFallback(config);
        return ActorReplay.chaosConfig(config, kind.chaos());
    }

    /**
     * Places the run's H2 journal in its run directory (a system started ahead of its run knows none) and creates the
     * journal's schema.
     */
    private static Function<ActorSystem<?>, CompletionStage<Done>> prepare(JournalLocation journal) {
        return system -> {
            if (journal.kind() == JournalKind.H2)
                JournalDatabase.get(system.classicSystem()).placeH2(JournalSettings.h2Url(journal.runDir()));
            return JournalSchema.prepare(journal.kind(), system);
        };
    }

    /**
     * The faults block of summary.json: the fault settings, the kills and what they cost, the machine's
     * availability and, when faults were injected, the allocation invariants' violations (the audit of
     * {@code bgctl inspect --audit}, run on the events as they happened).
     */
    private static Map<String, Object> faultFields(ReplaySpec spec, JobTable table, JobOutputs jobs,
                                                   FaultLedger ledger, RecordedRun audit) {
        Map<String, Object> m = new LinkedHashMap<>(spec.faults().settings());
        m.putAll(ledger.killsAndFigures(table, jobs.failed()));
        m.put("invariant_violations", audit == null ? null : audit.violations().size());
        if (audit != null && !audit.violations().isEmpty())
            m.put("invariant_violation_examples", audit.violations().subList(0, Math.min(5, audit.violations().size())));
        return m;
    }

    /**
     * The blocks block of summary.json, for a run whose blocks boot: the boot model, the boots, the seconds spent
     * booting, the boots that failed and the starts that reused a ready block (docs/blocks.md).
     */
    private static Map<String, Object> blockFields(BootModel boots, JobTable table) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("boot_base_s", boots.base());
        m.put("boot_per_midplane_s", boots.perMidplane());
        m.put("free_s", boots.free());
        m.put("boot_failure", boots.failure());
        m.put("boots", table.boots());
        m.put("boot_s", table.bootSeconds());
        m.put("boot_failures", table.bootFailures());
        m.put("reuses", table.reuses());
        return m;
    }

    private static Iterator<Job> jobs(Workload workload) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return workload.hasNext();
            }

            @Override
            public Job next() {
                WorkloadJob w = workload.next();
                return w.job();
            }
        };
    }

    /**
     * summary.json's {@code end}: why the run ended ({@link RunEnd}), its last instant, the {@code --until} it was
     * given (null: none), and the jobs left queued (never started or requeued) and running then.
     */
    private static Map<String, Object> endFields(ReplaySpec spec, RunClock.Outcome outcome, JobTable table,
                                                 long queued, long running) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("reason", outcome.end().label());
        m.put("last_instant_s", Math.max(outcome.lastTime(), table.lastTime()));
        m.put("until_s", spec.until() == Long.MAX_VALUE ? null : spec.until());
        m.put("jobs_left_queued", queued);
        m.put("jobs_left_running", running);
        return m;
    }

    private static Summary summarize(ReplaySpec spec, MachineModel machine, Workload workload, JobTable table,
                                     JobOutputs jobs, RunClock.Outcome outcome,
                                     double wall, MaxSuccessful maxSuccessful) {
        RunMetrics metrics = jobs.metrics();
        Summary s = new Summary()
                .put("machine", machine.name())
                .put("scheduler", spec.scheduler())
                .put("scheduler_settings", spec.settings().fields(spec.scheduler()))
                .put("trace", spec.trace().name())
                .put("nodes", machine.capacity())
                .put("workload", spec.workload().fields(spec.lenient()))
                .put("jobs_read", workload.jobsRead())
                .put("jobs_submitted", table.size())
                .put("jobs", metrics.jobs())
                .put("jobs_never_started", jobs.neverStarted())
                .put("jobs_skipped", workload.rejections().asMap())
                .put("offered_load", jobs.offeredLoad())
                .putMetrics(metrics)
                .put("migrations_total", table.migrationsAttempted())
                .put("migrations_successful", table.migrationsPerformed())
                .put("migrations_max_successful", maxSuccessful.migrations())
                .put("jobs_migrated", table.jobMoves())
                .put("preemptions", table.preemptions());
        if (Policies.preempts(spec.scheduler())) {
            s.put("preemptions_jobs_suspended", table.suspensions())
                    .put("preemptions_context_switches", table.contextSwitches());
        }
        s.put("jobs_ended_killed", jobs.killed())
                .put("events", table.events())
                .put("warnings", RunWarnings.of(spec.trace().name(), spec.workload(), machine, workload.jobsRead(),
                        table.size(), jobs.neverStarted(), outcome.end()))
                .put("end", endFields(spec, outcome, table, jobs.leftQueued(), jobs.leftRunning()));
        if (jobs.classes() != null) s.put("job_classes", jobs.classes());
        s.putRun("executor", spec.executor().name().toLowerCase())
                .putRun("journal", spec.executor() == ExecutorKind.DIRECT ? "none" : spec.journal().name().toLowerCase())
                .putRun("wall_s", wall)
                .putRun("jobs_per_s", wall > 0 ? table.size() / wall : 0.0)
                .putRun("events_per_s", wall > 0 ? table.events() / wall : 0.0)
                .putRun("journaled_events", outcome.journaled());
        if (maxSuccessful.wall() > 0) s.putRun("max_successful_wall_s", maxSuccessful.wall());
        return s;
    }

}
