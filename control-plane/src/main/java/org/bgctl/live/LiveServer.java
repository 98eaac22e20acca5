package org.bgctl.live;

import akka.NotUsed;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.http.javadsl.Http;
import akka.http.javadsl.ServerBinding;
import akka.stream.javadsl.Source;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.Pacing;
import org.bgctl.clock.RunClock;
import org.bgctl.clock.TimeScale;
import org.bgctl.cluster.ClusterDriver;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.cluster.ClusterScheduler;
import org.bgctl.cluster.MemberMachine;
import org.bgctl.cluster.UnitSharding;
import org.bgctl.faults.FaultPlan;
import org.bgctl.journal.JournalCompaction;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.JournalSchema;
import org.bgctl.journal.JournalSettings;
import org.bgctl.journal.JournalVerifier;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.report.Summary;
import org.bgctl.run.ActorReplay;
import org.bgctl.run.LoadMeter;
import org.bgctl.run.RunSettings;
import org.bgctl.run.RunWarnings;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.UnitDirectory;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TraceCalendars;
import org.bgctl.workload.Workload;

/**
 * A live server: the unit agents, the event-sourced scheduler journaling write-ahead to the H2 file of
 * the run directory, the {@link RunClock} in scaled time, and the HTTP API. Started on a run directory that already
 * holds a serve run's journal it resumes it: the scheduler recovers from the journal, the agents adopt
 * the running jobs, and virtual time goes on from the journal's last instant (the time the server was
 * down does not count); jobs running then continue. With {@link ServeSpec#cluster()} the agents are
 * spread over an Akka cluster and the scheduler is its singleton on this member, the driver
 * ({@link ClusterDriver}); the journal stays this member's H2 file, the singleton running on the driver only.
 */
public final class LiveServer implements AutoCloseable {

    private static final Duration FLUSH_TIMEOUT = Duration.ofSeconds(10);

    /** At most this long for the scheduler of a resumed run to recover from its snapshot and the entries after it. */
    private static final Duration RECOVERY_TIMEOUT = Duration.ofMinutes(10);

    private final ServeSpec spec;
    private final ActorSystem<Void> system;
    private final ServerBinding binding;
    private final LiveView view;
    private final Lateness lateness;
    private final String machineName;
    private final String schedulerName;
    private final boolean resumed;
    private final long resumedAt;
    private final double speed;
    private final Map<String, Object> runFields;
    private final ActorRef<SchedulerActor.Command> scheduler;
    private final JournalCompaction compaction;
    private final ServerHealth health;
    private final RunDirectoryLock lock;
    private final CompletableFuture<Void> stopClock;
    private final CompletableFuture<RunClock.Outcome> clockDone;

    private record Started(ActorRef<RunClock.Command> clock, Source<SchedulerEvent, NotUsed> events,
                           UnitDirectory units, ActorRef<SchedulerActor.Command> scheduler, ServerHealth health,
                           CompletableFuture<Void> stopClock, CompletableFuture<RunClock.Outcome> clockDone) {
    }

    private LiveServer(ServeSpec spec, ActorSystem<Void> system, ServerBinding binding, LiveView view, Lateness lateness,
                       String machineName, String schedulerName, boolean resumed, long resumedAt, double speed,
                       Map<String, Object> runFields, Started started, JournalCompaction compaction,
                       RunDirectoryLock lock) {
        this.health = started.health();
        this.stopClock = started.stopClock();
        this.clockDone = started.clockDone();
        this.lock = lock;
        this.spec = spec;
        this.system = system;
        this.binding = binding;
        this.view = view;
        this.lateness = lateness;
        this.machineName = machineName;
        this.schedulerName = schedulerName;
        this.resumed = resumed;
        this.resumedAt = resumedAt;
        this.speed = speed;
        this.runFields = runFields;
        this.scheduler = started.scheduler();
        this.compaction = compaction;
    }

    /**
     * Starts a server, or resumes the one whose run directory this is.
     *
     * @throws IllegalArgumentException for a bad machine, scheduler, speed, bind address or run directory, or a run
     *                                  directory another server runs on
     */
    public static LiveServer start(ServeSpec spec) throws IOException {
        checkBind(spec);
        ServeInputs.requireServeRun(spec.run());
        Files.createDirectories(spec.run());
        RunDirectoryLock lock = RunDirectoryLock.take(spec.run());
        try {
            checkPortFree(spec);
            return start(spec, lock);
        } catch (IOException | RuntimeException e) {
            lock.releaseAsFound();
            throw e;
        }
    }

    /** Starts on a run directory this server holds; a start that fails leaves its files as they were found. */
    private static LiveServer start(ServeSpec spec, RunDirectoryLock lock) throws IOException {
        Path run = spec.run();
        boolean resumed = JournalSettings.hasH2Journal(run);
        RunDirectoryCopy asFound = RunDirectoryCopy.of(run);
        // the journal is opened once, here for a run that has one (its inputs, its events, then the scheduler read it);
        // it is compacted once the view has read its events
        JournalCompaction journal = null;
        try {
            if (resumed) journal = openToResume(run);
            LiveServer server = start(spec, resumed, journal, lock);
            asFound.discard();
            return server;
        } catch (IOException | RuntimeException e) {
            try {
                if (journal != null) journal.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            asFound.restore();
            throw e;
        }
    }

    /**
     * Opens the journal of {@code run} to resume it, once it is known to be a bgctl journal whose scheduler can recover.
     *
     * @throws IllegalArgumentException naming the run and its journal file, and why it cannot be resumed
     */
    private static JournalCompaction openToResume(Path run) {
        Optional<String> notAJournal = JournalSettings.notAJournal(run);
        if (notAJournal.isPresent()) throw new IllegalArgumentException(notAJournal.get());
        JournalVerifier.unresumable(run).ifPresent(why -> {
            throw unresumable(run, why);
        });
        try {
            return JournalCompaction.open(run);
        } catch (IllegalStateException e) {
            throw unresumable(run, e.getCause() instanceof SQLException sql ? sql.getMessage() : e.getMessage());
        }
    }

    /** The refusal of a run directory whose journal cannot be resumed, {@code why}. */
    private static IllegalArgumentException unresumable(Path run, String why) {
        return new IllegalArgumentException("cannot resume " + run + " from its journal "
                + run.resolve(JournalSettings.H2_FILE + ".mv.db") + ": " + why + " (nothing was changed)");
    }

    private static LiveServer start(ServeSpec spec, boolean resumed, JournalCompaction opened, RunDirectoryLock lock)
            throws IOException {
        Path run = spec.run();
        Optional<ServeInputs> recorded;
        try {
            recorded = resumed ? Optional.of(ServeInputs.recorded(run, spec)) : Optional.empty();
        } catch (JsonProcessingException e) {
            throw unresumable(run, "the inputs it records are not JSON: " + e.getOriginalMessage());
        }
        ServeInputs inputs = ServeInputs.resolve(spec, recorded);
        String machineName = inputs.machine();
        String schedulerName = inputs.scheduler();
        MachineModel machine = MachineCatalog.create(machineName);
        new TimeScale(0, 0, inputs.speed()); // checks the speed before anything starts
        RunSettings runSettings = inputs.parameters().toRunSettings(LoadMeter.reading());
        SchedulerSettings settings = runSettings.settings();
        FaultPlan faults = runSettings.faults();

        LiveView view = new LiveView(MachineCatalog.create(machineName));
        view.reserve(runSettings.reservations());
        if (resumed) {
            try {
                JournalReader.read(run, view);
            } catch (Exception e) { // an entry that does not deserialize is an IOException, thrown unchecked by Akka
                throw unresumable(run, e.getMessage());
            }
            opened.compact();
        }
        if (!view.violations().isEmpty())
            throw unresumable(run, "it breaks the allocation invariants: " + view.violations().get(0));
        if (view.reservationMismatch().isPresent())
            throw new IllegalArgumentException("the journal of " + run + " " + view.reservationMismatch().get()
                    + " with the windows of " + inputs.parameters().get("reservations").orElse("no reservation file")
                    + "; give the reservation file it was served with (nothing was changed)");
        TraceJobs trace = traceJobs(inputs.trace(), runSettings, machine, view);
        if (!recorded.equals(Optional.of(inputs))) inputs.record(run);
        JournalCompaction journal = opened != null ? opened : JournalCompaction.start(run);
        Map<String, Object> runFields = runFields(inputs, runSettings, trace, machine);
        writeSummary(run, spec, runFields, null);

        // Timers to the millisecond (lateness is measured in ms); the serve command stops the system itself, so no
        // JVM shutdown hook of Akka's runs (a cluster's remoting would close at the signal, before the driver left).
        Config config = ConfigFactory.parseMap(Map.of("akka.scheduler.tick-duration", "1ms",
                        "akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off", "akka.jvm-shutdown-hooks", "off"))
                .withFallback(spec.cluster().map(cluster -> clusterConfig(cluster, machine))
                        .orElse(ConfigFactory.empty()))
                .withFallback(JournalSettings.durableH2(run))
                .withFallback(ConfigFactory.load());
        Lateness lateness = new Lateness();
        long firstId = Math.max(view.maxId() + 1, trace.firstId());
        TimeScale scale = new TimeScale(view.lastTime(), System.nanoTime(), inputs.speed());
        CompletableFuture<Started> started = new CompletableFuture<>();
        TraceCalendar calendar = trace.calendar();
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            try {
                JournalSchema.prepareNow(JournalKind.H2, ctx.getSystem());
                RunClock.Inputs clockInputs = RunClock.Inputs.serving(new Arrivals(trace.jobs().iterator()),
                        faults.changes(MachineCatalog.create(machineName)),
                        resumed && spec.onRestart() == RestartPolicy.REQUEUE ? Optional.of(RestartPolicy.COMPONENT)
                                : Optional.empty(), firstId);
                spawn(ctx, spec, machineName, schedulerName, settings, runSettings.reservations(), faults, calendar,
                        view, clockInputs, Pacing.scaled(scale, System::nanoTime, lateness), started);
            } catch (RuntimeException e) {
                started.completeExceptionally(e);
                return Behaviors.stopped();
            }
            return Behaviors.empty();
        });
        ActorSystem<Void> system = ActorSystem.create(guardian,
                spec.cluster().isPresent() ? ClusterOptions.SYSTEM : "bgctl-serve", config);
        try {
            Started s = started.join();
            if (resumed) awaitRecovery(system, s, run);
            LiveApi api = new LiveApi(system, s.clock(), view, machine, lateness, s.events(), spec.token(),
                    () -> serverFields(machineName, schedulerName, scale),
                    InetAddress.getByName(spec.host()).isLoopbackAddress(), s.units(), s.health());
            ServerBinding binding = Http.get(system).newServerAt(spec.host(), spec.port())
                    .bind(api.route()).toCompletableFuture().get(30, TimeUnit.SECONDS);
            return new LiveServer(spec, system, binding, view, lateness, machineName, schedulerName, resumed,
                    scale.originVirtual(), inputs.speed(), runFields, s, journal, lock);
        } catch (Exception e) {
            // the parts that stop now are not failures of a running server, which would log them
            if (started.isDone() && !started.isCompletedExceptionally()) started.join().health().closing();
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
            if (opened == null) journal.close();
            // why the start failed, not the join's wrapper of it (whose message starts with the cause's class name)
            Throwable cause = e instanceof CompletionException c && c.getCause() != null ? c.getCause() : e;
            if (cause instanceof RuntimeException r) throw r;
            throw new IOException("cannot serve on " + spec.host() + ":" + spec.port() + ": " + cause.getMessage(),
                    cause);
        }
    }

    /**
     * Waits until the scheduler has recovered from the journal of {@code run} (it answers a query once it has): one
     * that stops instead — its recovery failed, as Akka logs — fails the start, before the server listens.
     */
    private static void awaitRecovery(ActorSystem<Void> system, Started s, Path run) throws Exception {
        CompletableFuture<SchedulerActor.Settled> settled = AskPattern.<SchedulerActor.Command, SchedulerActor.Settled>ask(
                s.scheduler(), SchedulerActor.Query::new, RECOVERY_TIMEOUT, system.scheduler()).toCompletableFuture();
        if (CompletableFuture.anyOf(settled, s.health().journalStopped()).get() instanceof String)
            throw unresumable(run, "the scheduler failed to recover from it, as logged above");
    }

    /**
     * Starts the scheduler, its agents and the clock, here or (with {@link ServeSpec#cluster()}) over the
     * cluster; completes {@code started} once the clock runs.
     */
    private static void spawn(ActorContext<Void> ctx, ServeSpec spec, String machineName, String schedulerName,
                              SchedulerSettings settings, Reservations reservations, FaultPlan faults,
                              TraceCalendar calendar, LiveView view,
                              RunClock.Inputs inputs, Pacing pacing, CompletableFuture<Started> started) {
        MachineModel machine = MachineCatalog.create(machineName);
        Source<SchedulerEvent, NotUsed> events = EventHub.fedBy(view, ctx.getSystem());
        Function<UnitDirectory, Behavior<SchedulerActor.Command>> scheduler = units -> SchedulerActor.create(
                ActorReplay.schedulerId(ctx.getSystem().settings().config()),
                () -> {
                    SchedulerCore core = new SchedulerCore(Policies.create(schedulerName, settings, calendar),
                            MachineCatalog.create(machineName), settings.bootDelay(), faults.onKill(),
                            faults.maxRequeues(), faults.boots());
                    core.reserve(reservations);
                    return core;
                },
                units, view, 0);
        ServerHealth health = new ServerHealth(ctx.getSystem());
        // a server's clock never ends by itself; stopped by close(), it completes once it has flushed the journal
        CompletableFuture<RunClock.Outcome> failed = new CompletableFuture<>();
        CompletableFuture<Void> stopClock = new CompletableFuture<>();
        failed.whenComplete((outcome, e) -> {
            String why = "the clock stopped: " + (e == null ? "it ended" : e.getMessage());
            if (health.isClosing()) return;
            health.failed(ServerHealth.CLOCK, why);
            ctx.getSystem().log().error(why);
        });
        Map<String, ActorRef<UnitProtocol.Command>> agents = new LinkedHashMap<>();
        UnitDirectory units = spec.cluster().isPresent() ? UnitSharding.directory(ctx.getSystem(), machine) : agents::get;
        BiConsumer<ActorContext<?>, ActorRef<SchedulerActor.Command>> clock = (where, schedulerRef) -> {
            ActorRef<RunClock.Command> clockRef = where.spawn(RunClock.create(schedulerRef, inputs, pacing, failed,
                    stopClock), "clock");
            health.watchClock(clockRef);
            health.watchJournalWriter(schedulerRef);
            agents.values().forEach(health::watchAgent);
            started.complete(new Started(clockRef, events, units, schedulerRef, health, stopClock, failed));
        };
        if (spec.cluster().isPresent()) {
            ctx.spawn(ClusterDriver.create(spec.cluster().get().members(), machine, scheduler, started, clock, false),
                    "driver");
            return;
        }
        clock.accept(ctx, ActorReplay.spawn(ctx, machine, scheduler, Props.empty(), true, agents));
    }

    /**
     * The driver's cluster configuration. With timers to the millisecond Akka's scheduler takes intervals of
     * about 24.8 days at most, so the sharding's "never rebalance" interval is brought under that.
     */
    private static Config clusterConfig(ClusterOptions cluster, MachineModel machine) {
        return ConfigFactory.parseMap(Map.of("akka.cluster.sharding.rebalance-interval", "24d"))
                .withFallback(cluster.config(List.of(ClusterScheduler.DRIVER_ROLE, MemberMachine.role(machine))));
    }

    /**
     * A trace's jobs not yet in the journal, the id after the trace's largest, its calendar, and the trace's job lines
     * read and those set aside by reason, as a replay counts them ({@code jobs_read}, {@code jobs_skipped}).
     */
    private record TraceJobs(List<Job> jobs, long firstId, TraceCalendar calendar, long read, Map<String, Long> skipped) {
    }

    private static TraceJobs traceJobs(Optional<Path> traceFile, RunSettings run, MachineModel machine, LiveView view)
            throws IOException {
        if (traceFile.isEmpty()) return new TraceJobs(List.of(), 1, TraceCalendar.UTC_EPOCH, 0, Map.of());
        Path file = traceFile.get();
        SwfReader.checkReadable(file);
        List<Job> jobs = new ArrayList<>();
        try (SwfReader reader = SwfReader.open(file, run.lenient())) {
            TraceCalendar calendar = TraceCalendars.of(reader.header(), reader.fileName());
            Workload workload = new Workload(reader, run.workload(), machine);
            while (workload.hasNext()) {
                Job job = workload.next().job();
                if (!view.knows(job.id())) jobs.add(job);
            }
            // above every job number read, those of jobs set aside too: a live job never takes a trace job's number
            return new TraceJobs(jobs, RunClock.idAfter(reader.largestJobNumber(), file.getFileName().toString()), calendar,
                    workload.jobsRead(), workload.rejections().asMap());
        }
    }

    private static void checkBind(ServeSpec spec) throws IOException {
        if (spec.port() < 0 || spec.port() > 65535) throw new IllegalArgumentException("--port must be 0..65535, was " + spec.port());
        InetAddress address;
        try {
            address = InetAddress.getByName(spec.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--host " + spec.host() + " does not resolve (nothing was changed)");
        }
        if (!address.isLoopbackAddress() && spec.token().isEmpty())
            throw new IllegalArgumentException("--host " + spec.host() + " is not a loopback address: give --token,"
                    + " which every call that changes something must then carry");
        if (spec.token().isPresent() && spec.token().get().isBlank())
            throw new IllegalArgumentException("--token must not be blank");
    }

    /**
     * Refuses a port something else listens on before anything starts: Akka's failed bind logs its stack trace and
     * names its own classes. Checked once the run directory is this server's, so a second server on the same
     * directory hears that first.
     */
    private static void checkPortFree(ServeSpec spec) throws IOException {
        if (PortProbe.inUse(spec.host(), spec.port()))
            throw new IllegalArgumentException("cannot serve on " + spec.host() + ":" + spec.port() + ": the port is in"
                    + " use; stop what listens on it, or give another --port (nothing was changed)");
    }

    private static Map<String, Object> serverFields(String machine, String scheduler, TimeScale scale) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("machine", machine);
        m.put("scheduler", scheduler);
        m.put("speed", scale.speed());
        m.put("virtual_now", scale.virtualAt(System.nanoTime()));
        return m;
    }

    /**
     * What summary.json records of the run's inputs, as the journal holds them: the machine, the scheduler, the kept
     * parameters with the workload and settings they make, the trace, the faults, the warnings of the settings and the
     * speed.
     */
    private static Map<String, Object> runFields(ServeInputs inputs, RunSettings run, TraceJobs trace,
                                                 MachineModel machine) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", "serve");
        m.put("machine", inputs.machine());
        m.put("scheduler", inputs.scheduler());
        m.put("scheduler_settings", run.settingsFields());
        m.put("workload", run.workload().fields(run.lenient()));
        m.put(ServeInputs.KEY, inputs.kept());
        m.put("on_kill", inputs.onKill().label());
        m.put("trace", inputs.trace().map(p -> p.getFileName().toString()).orElse(null));
        m.put("trace_sha256", inputs.record().traceSha256());
        if (inputs.trace().isPresent()) {
            m.put("jobs_read", trace.read());
            m.put("jobs_skipped", trace.skipped());
        }
        m.put("faults", run.faults().settings());
        m.put("warnings", RunWarnings.settings(run.workload(), machine));
        m.put("speed", inputs.speed());
        return m;
    }

    private static void writeSummary(Path run, ServeSpec spec, Map<String, Object> runFields, Map<String, Object> end)
            throws IOException {
        Summary s = new Summary();
        runFields.forEach((k, v) -> {
            if (!k.equals("speed")) s.put(k, v);
        });
        s.put("on_restart", spec.onRestart().name().toLowerCase(Locale.ROOT));
        if (end != null) end.forEach(s::put);
        s.putRun("speed", runFields.get("speed"));
        s.write(run.resolve("summary.json"));
    }

    /** The address the server listens on. */
    public InetSocketAddress address() {
        return binding.localAddress();
    }

    public boolean resumed() {
        return resumed;
    }

    /**
     * The virtual second the clock started at: where the journal ended (0 for a new run directory). Not the view's
     * time now, which the clock may have moved on from while the server was binding its port.
     */
    public long resumedAt() {
        return resumedAt;
    }

    /** Virtual seconds per wall second: the run's, as its journal records it. */
    public double speed() {
        return speed;
    }

    /**
     * What is suspicious about the run's settings, one line each, as replay warns of them (summary.json's
     * {@code warnings}): sizes divided but counted in nodes on a machine of larger units, a gain for
     * communication-intensive jobs when none is drawn.
     */
    @SuppressWarnings("unchecked")
    public List<String> warnings() {
        return (List<String>) runFields.get("warnings");
    }

    public String machine() {
        return machineName;
    }

    public String scheduler() {
        return schedulerName;
    }

    public Lateness.Stats lateness() {
        return lateness.stats();
    }

    public LiveView view() {
        return view;
    }

    /** The actor system, whose actors a test may stop to see the server's health turn. */
    ActorSystem<Void> system() {
        return system;
    }

    /**
     * Stops taking requests, stops the clock (no instant after the one in progress) and has the scheduler write what
     * it has not journaled yet (the API and the event stream see an event as it happens, before its write), records
     * the lateness and the counts — the last events included — in summary.json, stops the actors and lets go of the
     * run directory.
     */
    @Override
    public void close() throws IOException {
        health.closing();
        binding.unbind().toCompletableFuture().join();
        stopClock.complete(null);
        try {
            try {
                clockDone.get(FLUSH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException clockGone) {
                AskPattern.<SchedulerActor.Command, SchedulerActor.Flushed>ask(scheduler, SchedulerActor.Flush::new,
                        FLUSH_TIMEOUT, system.scheduler()).toCompletableFuture().get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            system.log().warn("the journal could not be flushed before stopping: {}", e.getCause().toString());
        }
        // the clock has released its last instant: the counts include every event journaled
        Map<String, Object> end = new LinkedHashMap<>(view.counts());
        Lateness.Stats s = lateness.stats();
        end.putAll(s.fields());
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
        compaction.close();
        writeSummary(spec.run(), spec, runFields, end);
        lock.close();
    }
}
