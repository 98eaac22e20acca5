package org.bgctl.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.bgctl.clock.TimeScale;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.cluster.ClusterReplay;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSettings;
import org.bgctl.live.JournalReplay;
import org.bgctl.live.ReplayWatch;
import org.bgctl.report.FaultLog;
import org.bgctl.report.Summary;
import org.bgctl.report.html.RunReport;
import org.bgctl.run.ActorHost;
import org.bgctl.run.ExecutorKind;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.ReplayWatcher;
import org.bgctl.run.RunRecord;
import org.bgctl.run.StoppedMidRun;
import org.bgctl.run.TraceSource;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code bgctl replay}: drives an SWF trace through the emulated machine in virtual time, or on the scaled clock with
 * {@code --speed}.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay an SWF trace through the emulated control plane in virtual time (with --speed K: on"
                + " the scaled clock).",
        footer = {"", "Outputs in the run directory: summary.json, jobs.csv, schedule.swf, report.html (plots, open it"
                + " in a browser), faults.csv when components failed, and the journal (H2).",
                "Example: bgctl replay --trace SDSC-SP2-1998-4.2-cln.swf --machine flat:128 --scheduler easy --out runs/sdsc",
                "BG/L:    bgctl replay --trace CTC-SP2-1996-3.1-cln.swf --machine bgl --size-divide 4 --sizes-in units"
                        + " --shapes slim --fat-probability 1 --torus-probability 1"})
public final class ReplayCommand implements Callable<Integer> {

    static final class Input {
        @Option(names = "--trace", paramLabel = "FILE", required = true,
                description = "SWF trace (.swf or .swf.gz).")
        Path trace;

        @Option(names = "--demo", required = true,
                description = "Replay the bundled demo: the first 2000 jobs of the KTH-SP2 trace on flat:100.")
        boolean demo;

        @Option(names = "--from-run", paramLabel = "DIR", required = true,
                description = "Re-drive the inputs of a recorded serve run (its submissions, cancellations, faults and"
                        + " repairs, read from its journal) into a fresh system in virtual time: its schedule again, or"
                        + " with --scheduler another scheduler's on the same inputs. Only --scheduler, --speed, --out"
                        + " and --quiet apply. Also written --journal DIR.")
        Path fromRun;
    }

    CommandSpec spec;

    /** The workload, geometry, fault and scheduler options, shared with serve. */
    RunOptions run;

    /** Receives the command's model and adds the run options to it. */
    @Spec
    void spec(CommandSpec commandSpec) {
        spec = commandSpec;
        run = RunOptions.addTo(commandSpec, Set.of("trace", "journal"));
    }

    /** One of --trace, --demo, --from-run; none when --journal names the run directory to re-drive. */
    @ArgGroup(multiplicity = "0..1")
    Input input;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory. Default: runs/<trace>-<scheduler>, numbered when taken.")
    Path out;

    @Option(names = "--journal", paramLabel = "KIND|DIR",
            description = "Journal: h2 (a file in the run directory), memory (nothing kept) or postgres (the server of"
                    + " bgctl.postgres.url or BGCTL_PG_URL; create its tables once with bgctl db init). Default: h2;"
                    + " --executor direct writes no journal and refuses h2 or postgres."
                    + " A run directory holding a journal instead (no --trace, --demo or --from-run then): re-drive"
                    + " that recorded run, as --from-run DIR; the new run's journal is h2.")
    String journal;

    @Option(names = "--speed", paramLabel = "K",
            description = "Run on the scaled clock, K virtual seconds per wall second (1: wall-clock time), instead of as"
                    + " fast as the machine allows: a trace (actors only; same outputs as the virtual replay while the"
                    + " clock keeps up, and the clock's lateness in summary.json), or a run re-driven with --from-run"
                    + " or --journal DIR (as it was served at --speed K).")
    Double speed;

    @Option(names = "--port", paramLabel = "P",
            description = "With --speed and a trace: open serve's HTTP API and dashboard (docs/api.md) at"
                    + " http://HOST:P/ while the replay runs, to watch it; 0 takes a free port, printed at start.")
    Integer port;

    @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
            description = "With --port: the loopback address to listen at (the API takes no token). Default:"
                    + " ${DEFAULT-VALUE} (this machine only).")
    String host;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue the durable replay (actors, h2 or postgres journal) of run directory DIR from where"
                    + " its journal ends — after a kill or an interruption — with the options recorded in its run.json;"
                    + " it ends with the outputs of the uninterrupted run. No other input or option applies.")
    Path resume;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Option(names = "--cluster",
            description = "Spread the agents over an Akka cluster (members started with bgctl node); this process"
                    + " drives the replay, hosts the scheduler and writes the outputs.")
    boolean cluster;

    @Option(names = "--members", paramLabel = "N", defaultValue = "1",
            description = "With --cluster: start once N members (this one included) host agents. Default: ${DEFAULT-VALUE}.")
    int members;

    @Mixin
    DriverClusterOptions member;

    /**
     * The replay, with its interruption installed before anything else: a signal while the options are read or the run
     * is set up stops the run at its first instant, and the replay ends as any interrupted one, saying where it stopped.
     */
    @Override
    public Integer call() throws Exception {
        try (Interruption interruption = Interruption.install()) {
            int code = replay(interruption);
            interruption.finish(code);
            return code;
        }
    }

    private int replay(Interruption interruption) throws Exception {
        if (resume != null) return resume(interruption);
        Path recorded = recordedRun();
        if (recorded != null) return fromRun(recorded, interruption);
        TraceSource trace = input.demo ? TraceSource.DEMO : TraceSource.file(input.trace);
        ReplayParameters parameters = parameters();
        Path dir = out != null ? out : freeRunDirectory(trace,
                parameters.get("scheduler").orElse(ReplayParameters.DEFAULT_SCHEDULER));
        ReplaySpec replay;
        try {
            OutputDirectory.checkFree(dir, "--out");
            // a watched replay's API fails components: the kill policy applies without a fault source given here
            replay = port != null ? parameters.toSpecWithLiveFaults(dir) : parameters.toSpec(dir);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        OptionalDouble speed = speed();
        Optional<ReplayWatcher> watcher = watcher(replay, speed);
        Function<CompletionStage<?>, ActorHost> where = host();
        if (cluster && replay.chaos().active())
            throw new ParameterException(spec.commandLine(), "--chaos perturbs the actors of one JVM; it cannot be"
                    + " combined with --cluster");
        // every option is checked: the run starts
        if (input.demo) spec.commandLine().getOut().println("bgctl demo: " + TraceSource.DEMO_ATTRIBUTION
                + ", on " + replay.machine() + " with " + replay.scheduler());
        PrintWriter err = spec.commandLine().getErr();
        ProgressPrinter progress = quiet ? null : new ProgressPrinter(err, System.console() != null);
        Progress shown = progress != null ? progress : Progress.none();
        Duration every = progress != null ? progress.interval() : Duration.ofHours(1);
        try {
            ReplayResult result = OutputDirectory.removedOnFailure(dir, () -> Replay.run(replay, parameters,
                    where.apply(interruption.stop()), speed, watcher, interruption.stop(), shown, every));
            return finish(result, progress, dir, Replay.durable(replay) ? null
                    : replay.executor() == ExecutorKind.DIRECT ? "the direct executor" : "the memory journal");
        } catch (StoppedMidRun e) {
            // kept as an interrupted run is: the one line says how to go on
            if (!OutputDirectory.resumable(dir)) throw e;
            throw new IllegalStateException(e.getMessage() + ", the journal closed; continue in one JVM with: bgctl"
                    + " replay --resume " + dir, e);
        }
    }

    /**
     * On a cluster the clock waits, without a timeout, for the members to host agents: says so once, or a replay short
     * of members shows nothing but "progress: 0%".
     */
    private void sayItWaitsForMembers() {
        PrintWriter err = spec.commandLine().getErr();
        err.printf("bgctl replay: joining the cluster at %s:%d; waiting for %d member(s) to host agents%n",
                member.hostname, member.clusterPort, members);
        err.flush();
    }

    /** {@code --resume DIR}: continues the durable replay of DIR to its end. */
    private int resume(Interruption interruption) throws Exception {
        if (input != null || recordedRunNamed())
            throw new ParameterException(spec.commandLine(), "--resume " + resume + " continues a recorded replay with"
                    + " its own options; give no --trace, --demo, --from-run or --journal DIR with it");
        List<String> ignored = new ArrayList<>(run.givenBut(Set.of()));
        ignored.addAll(given("--out", "--journal", "--speed", "--port", "--host", "--cluster"));
        ignored.addAll(given(DriverClusterOptions.SETTINGS));
        if (!ignored.isEmpty())
            throw new ParameterException(spec.commandLine(), String.join(", ", ignored) + ": --resume " + resume
                    + " continues a recorded replay with the options of its " + RunRecord.FILE + "; give none");
        PrintWriter out = spec.commandLine().getOut();
        Optional<JournalReplay.Unfinished> redriven = JournalReplay.unfinished(resume);
        if (redriven.isPresent())
            throw new IllegalArgumentException(resume + " holds a replay of the serve run " + redriven.get().from()
                    + " stopped before its end; a re-driven run does not resume: run it again, which starts it anew"
                    + " there: " + redriven.get().command());
        if (JournalReplay.finished(resume)) {
            out.printf("bgctl replay: %s already ran to its end (summary.json, jobs.csv, report.html); nothing to"
                    + " resume%n", resume);
            out.flush();
            return 0;
        }
        if (!RunRecord.exists(resume))
            throw new IllegalArgumentException(resume + " is not the run directory of a durable replay (no "
                    + RunRecord.FILE + "; only replays with --executor actors and an h2 or postgres journal resume)");
        if (Replay.finished(resume)) {
            out.printf("bgctl replay: %s already ran to its end (summary.json, jobs.csv, schedule.swf); nothing to"
                    + " resume%n", resume);
            out.flush();
            return 0;
        }
        ProgressPrinter progress = quiet ? null : new ProgressPrinter(spec.commandLine().getErr(),
                System.console() != null);
        ReplayResult result = Replay.resume(resume, interruption.stop(),
                progress != null ? progress : Progress.none(),
                progress != null ? progress.interval() : Duration.ofHours(1));
        return finish(result, progress, resume, null);
    }

    /**
     * Prints the result — or, for a run interrupted, where it stopped and how to resume it, or that it does not resume
     * when it keeps nothing to resume from (run with {@code volatileBy}, else null) — and answers the exit code.
     */
    private int finish(ReplayResult result, ProgressPrinter progress, Path dir, String volatileBy) {
        if (progress != null) progress.finish();
        if (!result.interrupted()) {
            print(spec.commandLine(), result.summary(), dir);
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        if (volatileBy == null)
            err.printf("bgctl replay: interrupted at %s s of virtual time, the journal closed; continue with: bgctl"
                    + " replay --resume %s%n", result.summary().get("last_instant_s"), dir);
        else
            err.printf("bgctl replay: interrupted at %s s of virtual time; a replay with %s keeps nothing to resume"
                    + " from: run it again, with another --out (%s holds only its summary.json, marked interrupted)%n",
                    result.summary().get("last_instant_s"), volatileBy, dir);
        err.flush();
        return Interruption.INTERRUPTED;
    }

    /** True when --journal names a run directory rather than a journal kind. */
    private boolean recordedRunNamed() {
        if (journal == null) return false;
        try {
            JournalKind.parse(journal);
            return false;
        } catch (IllegalArgumentException notAKind) {
            return true;
        }
    }

    /**
     * The recorded run to re-drive — {@code --from-run DIR}, or {@code --journal DIR} naming a run directory instead
     * of a journal kind — or null for a trace.
     */
    private Path recordedRun() {
        Path journalRun = journalRun();
        if (journalRun != null && input != null)
            throw new ParameterException(spec.commandLine(), "--journal " + journal + " names a run to re-drive;"
                    + " give no --trace, --demo or --from-run with it");
        if (journalRun != null) return journalRun;
        if (input == null)
            throw new ParameterException(spec.commandLine(), "Missing the input: --trace FILE, --demo, --from-run DIR"
                    + " or --journal DIR (a recorded run)");
        return input.fromRun;
    }

    /** The run directory {@code --journal} names, or null when it names a journal kind. */
    private Path journalRun() {
        if (journal == null) return null;
        try {
            JournalKind.parse(journal);
            return null;
        } catch (IllegalArgumentException notAKind) {
            Path dir = Path.of(journal);
            if (JournalSettings.hasH2Journal(dir)) return dir;
            throw new ParameterException(spec.commandLine(), "--journal '" + journal + "' is neither a journal kind"
                    + " (h2, memory, postgres) nor a run directory holding a journal (" + JournalSettings.H2_FILE
                    + ".mv.db) to re-drive");
        }
    }

    private int fromRun(Path recorded, Interruption interruption) throws Exception {
        if (port != null)
            throw new ParameterException(spec.commandLine(), "--port opens the API during a trace replay with --speed,"
                    + " not while re-driving a recorded run");
        List<String> ignored = run.givenBut(Set.of("scheduler", "journal", "executor"));
        if (!ignored.isEmpty())
            throw new ParameterException(spec.commandLine(), String.join(", ", ignored) + ": a re-driven run keeps"
                    + " the recorded run's machine, inputs and options; only --scheduler and --speed change");
        if (directExecutor())
            throw new ParameterException(spec.commandLine(), "--executor direct: a re-driven run goes through the"
                    + " actors, as its inputs were recorded (leave --executor out)");
        List<String> local = given("--host", "--cluster");
        local.addAll(given(DriverClusterOptions.SETTINGS));
        if (!local.isEmpty())
            throw new ParameterException(spec.commandLine(), String.join(", ", local) + ": a re-driven run goes"
                    + " through the actors of this process, without a cluster or an API (leave them out)");
        String scheduler = run.given().get("scheduler").orElse(null);
        Path dir = out != null ? out : freeRunDirectory(recorded.getFileName() + "-replay");
        try {
            // what a re-driven run stopped before its end left is replaced: such a run is run again, not resumed
            if (JournalReplay.unfinished(dir).isEmpty()) OutputDirectory.checkFree(dir, "--out");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        OptionalDouble speed = speed();
        JournalReplay.Result result = OutputDirectory.removedOnFailure(dir, () -> JournalReplay.run(recorded,
                scheduler, dir, speed, interruption.stop()));
        if (!result.interrupted()) return printRedriven(recorded, dir, result);
        PrintWriter err = spec.commandLine().getErr();
        err.printf("bgctl replay: interrupted; a re-driven run does not resume: run it again, which starts it"
                + " anew in %s: %s%n", dir, JournalReplay.unfinished(dir).orElseThrow().command());
        err.flush();
        return Interruption.INTERRUPTED;
    }

    /** Prints what the re-driven run of {@code recorded} made; answers the exit code: 1 when an invariant broke. */
    private int printRedriven(Path recorded, Path dir, JournalReplay.Result result) {
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> m = result.summary().asMap();
        out.printf("bgctl replay: the recorded run %s on %s with %s%n", recorded, m.get("machine"), m.get("scheduler"));
        for (String key : new String[] {"inputs", "jobs_submitted", "jobs_never_started", "jobs_ended_killed",
                "makespan_s", "mean_wait_s", "utilization", "invariant_violations", "events"}) {
            out.printf("  %-26s %s%n", key, shown(m.get(key)));
        }
        out.printf("outputs in %s (summary.json, jobs.csv, %s, journal)%n", dir, RunReport.FILE);
        out.flush();
        return result.violations().isEmpty() ? 0 : 1;
    }

    /** The clock's speed: none for virtual time; a positive number of virtual seconds per wall second. */
    private OptionalDouble speed() {
        if (speed == null) return OptionalDouble.empty();
        try {
            TimeScale.requireSpeed("--speed", speed);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (recordedRun() == null && directExecutor())
            throw new ParameterException(spec.commandLine(), "--speed paces the actors' clock; the direct executor has"
                    + " none (use --executor actors)");
        return OptionalDouble.of(speed);
    }

    /**
     * With --port: the API and dashboard watching the run, its address printed once bound.
     *
     * @throws ParameterException for --port without --speed, --host without --port, or a bad port or host
     */
    private Optional<ReplayWatcher> watcher(ReplaySpec replay, OptionalDouble speed) {
        if (port == null) {
            if (!given("--host").isEmpty())
                throw new ParameterException(spec.commandLine(), "--host is where --port listens; give --port P too"
                        + " (with --speed K), or leave --host out");
            return Optional.empty();
        }
        if (speed.isEmpty())
            throw new ParameterException(spec.commandLine(), "--port opens the API during a replay on the scaled"
                    + " clock; give --speed K too");
        ReplayWatch watch;
        try {
            watch = new ReplayWatch(host, port, replay.machine(), replay.scheduler(), speed.getAsDouble());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        watch.bound().whenComplete((address, e) -> {
            if (e != null) {
                err.println("bgctl replay: cannot open the API on " + host + ":" + port + " (" + e.getMessage()
                        + "); the replay goes on");
                err.flush();
            } else {
                out.println("bgctl replay: watch it at http://" + address.getHostString() + ":" + address.getPort() + "/");
                out.flush();
            }
        });
        return Optional.of(watch);
    }

    /**
     * Where the agents live, its options checked now: this JVM, or the cluster of --cluster, whose replay the stage
     * given stops also while it waits for its members, and which says that it waits once it has joined the cluster.
     */
    private Function<CompletionStage<?>, ActorHost> host() {
        checkClusterOptions();
        if (!cluster) return stop -> ActorHost.LOCAL;
        try {
            ClusterOptions options = member.toOptions(members);
            return stop -> new ClusterReplay(options, stop, this::sayItWaitsForMembers);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Those of the command's own {@code options} given on the command line, in that order. */
    private List<String> given(String... options) {
        List<String> given = new ArrayList<>();
        for (String option : options)
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) given.add(option);
        return given;
    }

    /** Whether {@code --executor direct} was given. */
    private boolean directExecutor() {
        return "direct".equalsIgnoreCase(run.given().get("executor").orElse(""));
    }

    /** The cluster's options come with {@code --cluster}, which spreads the agents of the actors executor. */
    private void checkClusterOptions() {
        DriverClusterOptions.refuseWithoutCluster(spec.commandLine(), cluster);
        if (cluster && directExecutor()) {
            throw new ParameterException(spec.commandLine(), "--cluster spreads the agents of the actors executor;"
                    + " the direct executor has none (use --executor actors)");
        }
    }

    /** The options as replay parameters; unset options are left to the parameters' defaults. */
    private ReplayParameters parameters() {
        ReplayParameters given = run.given().with("trace", input.demo ? ReplayParameters.DEMO_TRACE : input.trace);
        return journal == null ? given : given.with("journal", journal);
    }

    private static Path freeRunDirectory(TraceSource trace, String scheduler) {
        return freeRunDirectory(trace.name().replaceAll("\\.swf(\\.gz)?$", "") + "-" + scheduler);
    }

    /** runs/NAME, or runs/NAME-2, -3, ... when taken. */
    private static Path freeRunDirectory(String name) {
        Path base = Path.of("runs", name);
        Path dir = base;
        for (int n = 2; Files.exists(dir); n++) dir = Path.of(base + "-" + n);
        return dir;
    }

    /**
     * A summary value as summary.json writes it: a number in plain digits ({@code 270}, not {@code 2.7E+2}, as
     * {@link BigDecimal#toString()} writes a number whose trailing zeros were stripped), a map or list with its values
     * so.
     */
    static String shown(Object value) {
        if (value instanceof BigDecimal number) return number.toPlainString();
        if (value instanceof Map<?, ?> map) {
            StringJoiner joined = new StringJoiner(", ", "{", "}");
            map.forEach((key, v) -> joined.add(key + "=" + shown(v)));
            return joined.toString();
        }
        if (value instanceof List<?> list) {
            StringJoiner joined = new StringJoiner(", ", "[", "]");
            list.forEach(v -> joined.add(shown(v)));
            return joined.toString();
        }
        return String.valueOf(value);
    }

    /** The summary on standard output; each of its warnings as one line on standard error. */
    private static void print(CommandLine command, Summary summary, Path dir) {
        Map<String, Object> m = summary.asMap();
        if (m.get("warnings") instanceof List<?> warnings) {
            for (Object w : warnings) command.getErr().println("bgctl replay: warning: " + w);
            command.getErr().flush();
        }
        PrintWriter out = command.getOut();
        out.printf("bgctl replay: %s on %s with %s%n", m.get("trace"), m.get("machine"), m.get("scheduler"));
        for (String key : new String[] {"jobs_read", "jobs_submitted", "jobs", "jobs_never_started", "jobs_skipped",
                "jobs_ended_killed", "offered_load", "makespan_s", "mean_wait_s", "p50_wait_s", "p95_wait_s", "max_wait_s",
                "mean_response_s", "mean_bounded_slowdown", "utilization", "unused_capacity", "lost_capacity",
                "sum_flow_s", "sum_weighted_flow", "preemptions", "preemptions_context_switches", "migrations_total", "migrations_successful",
                "migrations_max_successful", "jobs_migrated", "events"}) {
            if (m.containsKey(key)) out.printf("  %-26s %s%n", key, shown(m.get(key)));
        }
        if (m.get("faults") instanceof Map<?, ?> faults && faults.get("invariant_violations") != null) {
            for (String key : new String[] {"on_kill", "failures", "repairs", "kills", "jobs_ever_killed", "requeues",
                    "jobs_failed", "node_hours_lost", "availability", "component_availability",
                    "invariant_violations"}) {
                out.printf("  %-26s %s%n", "faults." + key, shown(faults.get(key)));
            }
        }
        if (m.get("reservations") instanceof Map<?, ?> reservations)
            reservations.forEach((key, value) -> out.printf("  %-26s %s%n", "reservations." + key, shown(value)));
        if (m.get("blocks") instanceof Map<?, ?> blocks)
            blocks.forEach((key, value) -> out.printf("  %-26s %s%n", "blocks." + key, shown(value)));
        out.printf("  %-26s %s%n", "run", shown(m.get("run")));
        out.printf("outputs in %s (summary.json, jobs.csv, schedule.swf, %s%s%s)%n", dir, RunReport.FILE,
                Files.exists(dir.resolve(FaultLog.FILE)) ? ", " + FaultLog.FILE : "",
                JournalLocation.exists(dir) ? ", journal" : "");
        out.flush();
    }
}
