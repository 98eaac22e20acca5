package org.bgctl.live;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.Pacing;
import org.bgctl.clock.RecordedInput;
import org.bgctl.clock.RunClock;
import org.bgctl.faults.FaultLedger;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalSchema;
import org.bgctl.journal.JournalSettings;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.report.FaultLog;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.report.RunMetrics;
import org.bgctl.report.Summary;
import org.bgctl.report.html.RunReport;
import org.bgctl.reservations.ReservationFile;
import org.bgctl.run.ActorReplay;
import org.bgctl.run.BootModelKind;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TraceCalendars;

/**
 * A recorded serve run re-driven: its inputs ({@link JournalInputs}) fed by the {@link RunClock}, in virtual or
 * scaled time, into a fresh system — the agents and the scheduler, the same one or another — journaled in a new run directory
 * with its jobs.csv, summary.json and report.html. With the same scheduler the schedule is the server's; with
 * another it shows what that scheduler would have made of the same submissions and faults.
 */
public final class JournalReplay {

    /**
     * The replay's outputs: its summary, its jobs, and the invariants checked on its events; or, for a replay
     * {@code interrupted} before its end, none of them (what it journaled is left for the next run to replace).
     */
    public record Result(Summary summary, List<JobRecord> jobs, List<String> violations, boolean interrupted) {
    }

    /**
     * The file a re-driven run writes in its directory as it starts and removes once its outputs are written: while it
     * is there, the run stopped before its end (killed, or interrupted), and what it names runs it again.
     */
    public static final String UNFINISHED = "redrive.properties";

    /** The {@code mode} of a re-driven run's summary.json. */
    private static final String MODE = "replay of a serve run";

    private JournalReplay() {
    }

    /**
     * Replays the serve run of {@code from} into {@code out}.
     *
     * @param scheduler the scheduler, or null for the recorded run's
     * @throws IllegalArgumentException when {@code from} is not a serve run or {@code out} already holds a journal
     */
    public static Result run(Path from, String scheduler, Path out) throws IOException {
        return run(from, scheduler, out, OptionalDouble.empty());
    }

    /** {@link #run(Path, String, Path, OptionalDouble, CompletionStage)}, never interrupted. */
    public static Result run(Path from, String scheduler, Path out, OptionalDouble speed) throws IOException {
        return run(from, scheduler, out, speed, new CompletableFuture<>());
    }

    /**
     * A re-driven run stopped before its end: the serve run it re-drove, and the command that runs it again.
     *
     * @param from    the serve run's directory, absolute
     * @param command {@code bgctl replay --journal FROM [--scheduler S] [--speed K] --out DIR}
     */
    public record Unfinished(String from, String command) {
    }

    /**
     * The re-driven run {@code dir} holds, stopped before its end (killed, or interrupted), or empty when it holds none
     * such.
     *
     * <p>A re-driven run does not resume: its inputs are a serve run's, not a trace and the options of a run.json, and
     * run again it starts anew in the same directory, replacing what the stopped one journaled.
     */
    public static Optional<Unfinished> unfinished(Path dir) throws IOException {
        Path file = dir.resolve(UNFINISHED);
        if (!Files.isRegularFile(file)) return Optional.empty();
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        StringBuilder command = new StringBuilder("bgctl replay --journal ").append(p.getProperty("from"));
        if (p.getProperty("scheduler") != null) command.append(" --scheduler ").append(p.getProperty("scheduler"));
        if (p.getProperty("speed") != null) command.append(" --speed ").append(p.getProperty("speed"));
        return Optional.of(new Unfinished(p.getProperty("from"), command.append(" --out ").append(dir).toString()));
    }

    /** True when {@code dir} holds a re-driven run that ran to its end. */
    public static boolean finished(Path dir) throws IOException {
        return unfinished(dir).isEmpty() && Replay.finished(dir) && MODE.equals(Summary.modeOf(dir));
    }

    /** Records in {@code out} that a re-driven run starts there, and how to run it again. */
    private static void markUnfinished(Path from, String scheduler, Path out, OptionalDouble speed) throws IOException {
        Properties p = new Properties();
        p.setProperty("from", from.toAbsolutePath().normalize().toString());
        if (scheduler != null) p.setProperty("scheduler", scheduler);
        if (speed.isPresent())
            p.setProperty("speed", BigDecimal.valueOf(speed.getAsDouble()).stripTrailingZeros().toPlainString());
        StringWriter text = new StringWriter();
        p.store(text, null);
        // without Properties' date line: the file depends on the inputs only
        List<String> lines = text.toString().lines().filter(line -> !line.startsWith("#")).sorted().toList();
        Files.write(out.resolve(UNFINISHED), lines, StandardCharsets.UTF_8);
    }

    /**
     * Removes what a re-driven run stopped before its end left in {@code out} — its journal, the outputs it may have
     * begun, the {@link #UNFINISHED} file — so that the run starts anew there; other files are left.
     */
    private static void clearUnfinished(Path out) throws IOException {
        for (String name : new String[] {JournalSettings.H2_FILE + ".mv.db", JournalSettings.H2_FILE + ".trace.db",
                "jobs.csv", "summary.json", FaultLog.FILE, RunReport.FILE, UNFINISHED})
            Files.deleteIfExists(out.resolve(name));
    }

    /**
     * Refuses, before anything runs, a scheduler that cannot take what the recorded run holds, as {@code replay} and
     * {@code serve} refuse it given as an option: a preempting scheduler takes no blocks that boot, no failure or
     * repair, and no reservation window.
     *
     * @throws IllegalArgumentException naming the first such input and why
     */
    private static void refuseWhatItCannotTake(Path from, String scheduler, ServeInputs recorded,
            Reservations reservations, List<RecordedInput> inputs) {
        if (BootModelKind.boots(recorded.parameters())) Policies.bootRefusal(scheduler).ifPresent(why -> {
            throw new IllegalArgumentException(from + " was served with " + why);
        });
        if (!reservations.isEmpty()) Policies.reservationRefusal(scheduler).ifPresent(why -> {
            throw new IllegalArgumentException(from + " was served with --reservations " + recorded.parameters()
                    .get("reservations").orElseThrow() + "; reservations: " + why + "; use a scheduler that does not"
                    + " preempt");
        });
        for (RecordedInput input : inputs) {
            Optional<String> refusal = Optional.empty();
            if (input instanceof RecordedInput.Health h) {
                refusal = healthRefusal(scheduler, h.up(), h.component(), h.time());
            } else if (input instanceof RecordedInput.Operation op) {
                refusal = switch (op.kind()) {
                    case FAIL, REPAIR -> healthRefusal(scheduler, op.kind() == RecordedInput.Kind.REPAIR,
                            op.component(), op.time());
                    case RESERVE -> Policies.reservationRefusal(scheduler).map(why -> "places the reservation '"
                            + op.reservation().name() + "' at " + op.time() + " s; reservations: " + why
                            + "; use a scheduler that does not preempt");
                    default -> Optional.empty();
                };
            }
            refusal.ifPresent(why -> {
                throw new IllegalArgumentException("the serve run " + from + " " + why);
            });
        }
    }

    /**
     * Refuses a run whose restart with {@code --override} changed what its scheduler reads (a setting, the kill policy,
     * the boots, the reservation file): the journal does not say from which instant the new inputs held, and a
     * re-driven run takes one set, so its schedule could not be the server's.
     *
     * @throws IllegalArgumentException naming the first such change
     */
    private static void refuseChangedInputs(Path from) throws IOException {
        Set<String> read = new LinkedHashSet<>();
        for (PolicySetting s : PolicyRegistry.settings()) read.add(s.key());
        read.addAll(List.of("on_kill", "max_requeues", "boot_model", "boot_failure", "reuse_blocks", "seed",
                "reservations"));
        List<ReplayParameters> history = ServeInputs.history(from);
        for (int i = 1; i < history.size(); i++) {
            ReplayParameters was = history.get(i - 1);
            ReplayParameters now = history.get(i);
            for (String key : read) {
                if (key.equals("seed") && !BootModelKind.boots(was) && !BootModelKind.boots(now)) continue;
                Optional<String> before = was.get(key);
                Optional<String> after = now.get(key);
                if (!before.equals(after))
                    throw new IllegalArgumentException(from + " changed its " + key + " from "
                            + before.orElse("its default") + " to " + after.orElse("its default") + " at a restart"
                            + " with --override; a re-driven run takes one set of inputs, so its schedule could not be"
                            + " the server's");
            }
        }
    }

    /** Why {@code scheduler} cannot take the failure (or repair, {@code up}) of {@code component} at {@code t}. */
    private static Optional<String> healthRefusal(String scheduler, boolean up, String component, long t) {
        return Policies.faultRefusal(scheduler).map(why -> (up ? "repairs " : "fails ") + component + " at " + t
                + " s; " + why);
    }

    /**
     * The local time the server's scheduler read: its trace's, from the trace's header, as the server took it (time 0
     * the epoch, in UTC, without a trace).
     *
     * @throws IllegalArgumentException when the recorded trace can no longer be read
     */
    private static TraceCalendar calendar(ServeInputs recorded) throws IOException {
        Optional<Path> trace = recorded.trace();
        if (trace.isEmpty()) return TraceCalendar.UTC_EPOCH;
        SwfReader.checkReadable(trace.get());
        try (SwfReader reader = SwfReader.open(trace.get(), true)) {
            return TraceCalendars.of(reader.header(), reader.fileName());
        }
    }

    /**
     * Replays the serve run of {@code from} into {@code out}, paced at {@code speed} virtual seconds per wall
     * second when given (the same steps, in the same order, only later), else in virtual time.
     *
     * Once {@code stop} completes, no further instant is released and the run ends interrupted, without outputs; a run
     * stopped before its end, so or by a kill, leaves its {@link #UNFINISHED} file, and the next run into {@code out}
     * starts anew there ({@link #unfinished}).
     *
     * @param scheduler the scheduler, or null for the recorded run's
     * @throws IllegalArgumentException when {@code from} is not a serve run, {@code out} already holds a journal, or
     *                                  the speed is not a positive number
     */
    public static Result run(Path from, String scheduler, Path out, OptionalDouble speed, CompletionStage<?> stop)
            throws IOException {
        Lateness lateness = new Lateness();
        Pacing pacing = speed.isPresent() ? Pacing.scaled(speed.getAsDouble(), lateness) : Pacing.VIRTUAL;
        if (!JournalSettings.hasH2Journal(from)) throw new IllegalArgumentException("no journal in " + from);
        ServeInputs recorded = ServeInputs.recorded(from, null);
        recorded.record().checkInputs("the journal's", "it cannot be re-driven as served");
        // A re-driven run takes its recorded inputs to their end: it would not be a run cut short.
        recorded.parameters().get("until").ifPresent(until -> {
            throw new IllegalArgumentException(from + " is a replay cut short by --until " + until + "; a re-driven run"
                    + " runs its inputs to their end, so it would not be that run: replay its trace again instead");
        });
        String machineName = recorded.machine();
        String schedulerName = scheduler != null ? scheduler : recorded.scheduler();
        KillPolicy onKill = recorded.onKill();
        MachineModel machine = MachineCatalog.create(machineName);
        SchedulerSettings settings = recorded.schedulerSettings();
        Policies.createFor(schedulerName, settings, machine);
        refuseChangedInputs(from);
        List<RecordedInput> inputs = JournalInputs.read(from);
        Reservations reservations = recorded.parameters().get("reservations")
                .map(file -> ReservationFile.read(Path.of(file), machine)).orElse(Reservations.NONE);
        refuseWhatItCannotTake(from, schedulerName, recorded, reservations, inputs);
        TraceCalendar calendar = calendar(recorded);
        Files.createDirectories(out);
        if (unfinished(out).isPresent()) clearUnfinished(out);
        if (JournalSettings.hasH2Journal(out))
            throw new IllegalArgumentException("run directory " + out + " already holds a journal; choose another --out");
        markUnfinished(from, scheduler, out, speed);
        int maxRequeues = recorded.parameters().get("max_requeues").map(Integer::parseInt)
                .orElse(KillPolicy.DEFAULT_MAX_REQUEUES);

        JobTable table = new JobTable();
        FaultLog faults = new FaultLog();
        RecordedRun audit = new RecordedRun(MachineCatalog.create(machineName));
        FaultLedger health = new FaultLedger(MachineCatalog.create(machineName));
        // the command's own shutdown hook stops the clock on SIGINT or SIGTERM; Akka's would close the journal under it
        Config config = ConfigFactory.parseMap(Map.of("akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off"))
                .withFallback(JournalSettings.config(JournalKind.H2, out)).withFallback(ConfigFactory.load());
        RunClock.Outcome outcome = ActorReplay.run(config, system -> JournalSchema.prepare(JournalKind.H2, system),
                () -> {
                    SchedulerCore core = new SchedulerCore(Policies.create(schedulerName, settings, calendar),
                            MachineCatalog.create(machineName), settings.bootDelay(), onKill,
                            maxRequeues, BootModelKind.of(recorded.parameters(), machineName));
                    core.reserve(reservations);
                    return core;
                },
                e -> {
                    table.accept(e);
                    faults.accept(e);
                    audit.accept(e);
                    health.accept(e);
                },
                config.getInt("bgctl.virtual-journal-group"),
                (schedulerRef, units, done) -> RunClock.create(schedulerRef, RunClock.Inputs.recorded(inputs), pacing, done,
                        stop));
        if (outcome.interrupted()) return new Result(new Summary(), List.of(), List.of(), true);

        List<JobRecord> records = table.records();
        RunMetrics metrics = RunMetrics.of(records, machine.capacity());
        long killed = records.stream().filter(JobRecord::killed).count();
        long failed = records.stream().filter(JobRecord::killedByFault).count();
        Summary summary = new Summary()
                .put("mode", MODE)
                .put("machine", machineName)
                .put("scheduler", schedulerName)
                .put("nodes", machine.capacity())
                .put("on_kill", onKill.label())
                .put("replayed_from", from.toString())
                .put(ServeInputs.KEY, recorded.kept())
                .put("inputs", inputs.size())
                .put("jobs_submitted", records.size())
                .put("jobs", metrics.jobs()) // the finished jobs the metrics are over, as a replay's summary says
                .put("jobs_ended_killed", killed)
                .put("jobs_never_started", outcome.stillQueued())
                .putMetrics(metrics)
                .put("invariant_violations", audit.violations().size())
                .put("faults", health.killsAndFigures(table, failed))
                .put("events", table.events());
        try (Writer w = Files.newBufferedWriter(out.resolve("jobs.csv"), StandardCharsets.UTF_8)) {
            JobsCsv.write(records, w, BootModelKind.boots(recorded.parameters()));
        }
        summary.putRun("clock", speed.isPresent() ? "scaled" : "virtual");
        if (speed.isPresent()) {
            summary.putRun("speed", speed.getAsDouble());
            lateness.stats().fields().forEach(summary::putRun);
        }
        summary.write(out.resolve("summary.json"));
        faults.writeInto(out);
        RunReport.write(out);
        Files.delete(out.resolve(UNFINISHED));
        return new Result(summary, records, audit.violations(), false);
    }
}
