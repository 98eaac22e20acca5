package org.bgctl.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSettings;
import org.bgctl.live.JournalReplay;
import org.bgctl.report.Summary;
import org.bgctl.cluster.ClusterReplay;
import org.bgctl.run.ActorHost;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.RunRecord;
import org.bgctl.run.TraceSource;
import org.bgctl.workload.GeometryOptions;
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
        footer = {"", "Outputs in the run directory: summary.json, jobs.csv, schedule.swf and the journal (H2).",
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

    @Spec
    CommandSpec spec;

    /** One of --trace, --demo, --from-run; none when --journal names the run directory to re-drive. */
    @ArgGroup(multiplicity = "0..1")
    Input input;

    @Option(names = "--machine", paramLabel = "NAME",
            description = {"Machine: flat:N, supernode[:XxYxZ[/N]] (a torus of supernodes, 4x4x8 of 512 nodes by"
                    + " default), bgl, torus-bgl, or a machine file FILE.conf; machines of midplanes take"
                    + " options after a comma, e.g. bgl,deny-passthrough=x (no partition passes through a switch of a"
                    + " midplane outside it in x; any of x, y, z). Default: flat:<MaxNodes of the trace header>."},
            completionCandidates = MachineNames.class)
    String machine;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "easy",
            description = "Scheduler: fcfs, easy, conservative (any machine but conservative: flat only);"
                    + " on buddy:N also free-list, buddy, selective-buddy (EASY backfilling with each allocation);"
                    + " on paragon-sdsc also nqs; krevat-fcfs, krevat-backfill, krevat-migration, krevat-bm"
                    + " (supernode only); pfcfs, preemptive FCFS with gang scheduling (flat only; see --pfcfs-*)."
                    + " Default: ${DEFAULT-VALUE}.")
    String scheduler;

    @Option(names = "--boot-delay", paramLabel = "S", defaultValue = "0",
            description = "Seconds between a job's start event and the start of its run; it holds its partition "
                    + "meanwhile (Krevat et al. use 1). Default: ${DEFAULT-VALUE}.")
    long bootDelay;

    @Option(names = "--backfill-increase", paramLabel = "I", defaultValue = "1",
            description = "krevat-backfill, krevat-bm: raise a backfilled job's size by at most I supernodes. "
                    + "Default: ${DEFAULT-VALUE}.")
    int backfillIncrease;

    @Option(names = "--migration-fn-tor", paramLabel = "F", defaultValue = "0.1",
            description = "krevat-migration, krevat-bm: migrate only when free supernodes / all are at least F "
                    + "(0 with --migration-fn-max 1: always). Default: ${DEFAULT-VALUE}.")
    double migrationFnTor;

    @Option(names = "--migration-fn-max", paramLabel = "F", defaultValue = "0.7",
            description = "krevat-migration, krevat-bm: migrate only when the largest free partition holds at most "
                    + "F of the free supernodes. Default: ${DEFAULT-VALUE}.")
    double migrationFnMax;

    @Option(names = "--migration-cost", paramLabel = "S", defaultValue = "0",
            description = "Seconds a migration adds to the run of each job it moves. Default: ${DEFAULT-VALUE}.")
    long migrationCost;

    @Option(names = "--pfcfs-threshold", paramLabel = "X", defaultValue = "40",
            description = "pfcfs: a job of at least X%% of the nodes (on bgl and supernode: of the midplanes or"
                    + " supernodes) is wide and may preempt. Default: ${DEFAULT-VALUE}.")
    double pfcfsThreshold;

    @Option(names = "--pfcfs-delay", paramLabel = "S", defaultValue = "60",
            description = "pfcfs: δ, seconds a wide job waits, once next in FCFS order with no earlier wide job"
                    + " active, before it preempts; gang: δ = Δ. Default: ${DEFAULT-VALUE}.")
    String pfcfsDelay;

    @Option(names = "--pfcfs-gang", paramLabel = "S", defaultValue = "600",
            description = "pfcfs: Δ, seconds between two context switches. Default: ${DEFAULT-VALUE}.")
    long pfcfsGang;

    @Option(names = "--pfcfs-switches", paramLabel = "N", defaultValue = "1",
            description = "pfcfs: n, the most context switches per wide job, its preemption included; odd: the wide"
                    + " job then runs to completion, even: the small jobs do. Default: ${DEFAULT-VALUE}.")
    int pfcfsSwitches;

    @Option(names = "--switch-penalty", paramLabel = "S", defaultValue = "0",
            description = "pfcfs: seconds a job loses each time it is switched in. Default: ${DEFAULT-VALUE}.")
    long switchPenalty;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory. Default: runs/<trace>-<scheduler>, numbered when taken.")
    Path out;

    @Option(names = "--journal", paramLabel = "KIND|DIR", defaultValue = "h2",
            description = "Journal: h2 (a file in the run directory), memory (nothing kept) or postgres (the server of"
                    + " bgctl.postgres.url or BGCTL_PG_URL; create its tables once with bgctl db init). Default: ${DEFAULT-VALUE}."
                    + " A run directory holding a journal instead (no --trace, --demo or --from-run then): re-drive"
                    + " that recorded run, as --from-run DIR; the new run's journal is h2.")
    String journal;

    @Option(names = "--executor", paramLabel = "KIND", defaultValue = "actors",
            description = "actors (agents + event-sourced scheduler) or direct (same policies, no actors). Default: ${DEFAULT-VALUE}.")
    String executor;

    @Option(names = "--lenient", description = "Skip malformed trace lines and count them, instead of stopping.")
    boolean lenient;

    @Option(names = "--first", paramLabel = "N", defaultValue = "0",
            description = "Read only the first N job lines of the trace (0 = all).")
    long first;

    @Option(names = "--from", paramLabel = "S", description = "Keep jobs submitted at or after S seconds (trace time).")
    Long from;

    @Option(names = "--to", paramLabel = "S", description = "Keep jobs submitted before S seconds (trace time).")
    Long to;

    @Option(names = "--month", paramLabel = "YYYY-MM",
            description = "Keep jobs submitted in this month, local time of the trace (its UnixStartTime and"
                    + " TimeZoneString); jobs larger than the machine are dropped and counted in jobs_skipped.")
    String month;

    @Option(names = "--size-multiply", paramLabel = "K", defaultValue = "1",
            description = "Multiply job sizes by K.")
    int sizeMultiply;

    @Option(names = "--size-divide", paramLabel = "K", defaultValue = "1",
            description = "Divide job sizes by K, rounding up (a 1-node job stays 1 node).")
    int sizeDivide;

    @Option(names = "--runtime-coefficient", paramLabel = "C", defaultValue = "1.0",
            description = "Multiply run times (and requested times) by C, rounded to the second.")
    double runtimeCoefficient;

    @Option(names = "--arrival-scale", paramLabel = "F",
            description = "Multiply inter-arrival times by F (F < 1 raises the offered load). Default: 1.")
    Double arrivalScale;

    @Option(names = "--offered-load", paramLabel = "RHO",
            description = "Scale inter-arrival times to reach offered load RHO (instead of --arrival-scale).")
    Double offeredLoad;

    @Option(names = "--estimate", paramLabel = "SOURCE", defaultValue = "requested",
            description = "Run-time estimates: requested (SWF field 9) or exact. Default: ${DEFAULT-VALUE}.")
    String estimate;

    @Option(names = "--enforce-walltime", description = "Kill a job that runs past its requested time at that time.")
    boolean enforceWalltime;

    @Option(names = "--sizes-in", paramLabel = "UNIT", defaultValue = "nodes",
            description = "What the trace's sizes count after scaling: nodes, or units (midplanes on bgl: the trace is"
                    + " already scaled to the machine, e.g. CTC with --size-divide 4). Default: ${DEFAULT-VALUE}.")
    String sizesIn;

    @Option(names = "--shapes", paramLabel = "RULE", defaultValue = "free",
            description = "Job boxes on a machine of midplanes: free (any box of the job's size) or slim (the BG/L"
                    + " study's slim shapes). Default: ${DEFAULT-VALUE}.")
    String shapes;

    @Option(names = "--fat-probability", paramLabel = "P", defaultValue = "0",
            description = "Each job asks for its fat shape (2 or more midplanes per dimension) with probability P.")
    double fatProbability;

    @Option(names = "--fat-sizes",
            description = "Round every size up to its fat shape's volume first (slim and fat workloads of equal sizes).")
    boolean fatSizes;

    @Option(names = "--pin-shapes", description = "Jobs' boxes may not be rotated.")
    boolean pinShapes;

    @Option(names = "--torus-probability", paramLabel = "P", defaultValue = "0",
            description = "Each job asks for a torus with probability P, else a mesh.")
    double torusProbability;

    @Option(names = "--ci-fraction", paramLabel = "F",
            description = "Fraction of jobs drawn communication-intensive, 0 to 1. Default: 0 (none).")
    Double ciFraction;

    @Option(names = "--ci-gain", paramLabel = "X",
            description = "How much shorter a communication-intensive job runs on a contiguous block, 0 to 1"
                    + " (0.25: 25%% shorter). Default: 0.")
    Double ciGain;

    @Option(names = "--ci-gain-spread", paramLabel = "HOW",
            description = "fixed: every communication-intensive job gains X; random: each gains a value drawn"
                    + " from [0, 2X]. Default: fixed.")
    String ciGainSpread;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + GeometryOptions.DEFAULT_SEED,
            description = "Seed of the run's random draws: the shape and topology draws and which jobs are"
                    + " communication-intensive (recorded in summary.json). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--on-kill", paramLabel = "WHAT", defaultValue = "requeue",
            description = "What becomes of a job killed by a failed component: requeue (it keeps its submit time and"
                    + " place in the queue and runs again from the beginning) or fail. Default: ${DEFAULT-VALUE}.")
    String onKill;

    @Option(names = "--faults", paramLabel = "FILE",
            description = "Fault file: one change a line, TIME COMPONENT down|up (seconds of trace time; components"
                    + " as the machine names them: mp-R010, sw-x-R010, cable-x-R010-p2 on bgl, node-17 on flat:N).")
    Path faults;

    @Option(names = "--fault-model", paramLabel = "FILE.conf",
            description = "Random fault model (HOCON): per kind (midplane, switch, cable, node) a block"
                    + " { ttf = \"exponential(MEAN)\", ttr = \"weibull(SHAPE, SCALE)\" }, in seconds; drawn with --seed.")
    Path faultModel;

    @Option(names = "--fault-midplane", paramLabel = "TTF/TTR",
            description = "Midplanes fail at random: e.g. exponential(2592000)/exponential(14400) (overrides the model file).")
    String faultMidplane;

    @Option(names = "--fault-switch", paramLabel = "TTF/TTR", description = "Switches fail at random, as --fault-midplane.")
    String faultSwitch;

    @Option(names = "--fault-cable", paramLabel = "TTF/TTR", description = "Cables fail at random, as --fault-midplane.")
    String faultCable;

    @Option(names = "--fault-node", paramLabel = "TTF/TTR",
            description = "Nodes of a flat machine fail at random, as --fault-midplane.")
    String faultNode;

    @Option(names = "--speed", paramLabel = "K",
            description = "Run on the scaled clock, K virtual seconds per wall second (1: wall-clock time), instead of as"
                    + " fast as the machine allows: a trace (actors only; same outputs as the virtual replay while the"
                    + " clock keeps up, and the clock's lateness in summary.json), or a run re-driven with --from-run"
                    + " or --journal DIR (as it was served at --speed K).")
    Double speed;

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
    ClusterMemberOptions member;

    @Override
    public Integer call() throws Exception {
        if (resume != null) return resume();
        Path recorded = recordedRun();
        if (recorded != null) return fromRun(recorded);
        TraceSource trace = input.demo ? TraceSource.DEMO : TraceSource.file(input.trace);
        Path dir = out != null ? out : freeRunDirectory(trace, scheduler);
        ReplaySpec replay;
        try {
            replay = parameters().toSpec(dir);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        if (input.demo) spec.commandLine().getOut().println("bgctl demo: " + TraceSource.DEMO_ATTRIBUTION
                + ", on " + replay.machine() + " with " + replay.scheduler());
        ProgressPrinter progress = quiet ? null : new ProgressPrinter(err, System.console() != null);
        if (!Replay.durable(replay)) {
            ReplayResult result = Replay.run(replay, host(), speed(), progress != null ? progress : Progress.none(),
                    progress != null ? progress.interval() : Duration.ofHours(1));
            if (progress != null) progress.finish();
            print(spec.commandLine().getOut(), result.summary(), dir);
            return 0;
        }
        ReplayParameters parameters = parameters();
        OptionalDouble speed = speed();
        ActorHost host = host();
        try (Interruption interruption = Interruption.install()) {
            ReplayResult result = Replay.run(replay, parameters, host, speed, interruption.stop(),
                    progress != null ? progress : Progress.none(),
                    progress != null ? progress.interval() : Duration.ofHours(1));
            return finish(result, progress, dir, interruption);
        }
    }

    /** {@code --resume DIR}: continues the durable replay of DIR to its end. */
    private int resume() throws Exception {
        if (input != null || recordedRunNamed())
            throw new ParameterException(spec.commandLine(), "--resume " + resume + " continues a recorded replay with"
                    + " its own options; give no --trace, --demo, --from-run or --journal DIR with it");
        PrintWriter out = spec.commandLine().getOut();
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
        try (Interruption interruption = Interruption.install()) {
            ReplayResult result = Replay.resume(resume, interruption.stop(),
                    progress != null ? progress : Progress.none(),
                    progress != null ? progress.interval() : Duration.ofHours(1));
            return finish(result, progress, resume, interruption);
        }
    }

    /** Prints the result — or, for a run interrupted, how to resume it — and the exit code to end with. */
    private int finish(ReplayResult result, ProgressPrinter progress, Path dir, Interruption interruption) {
        if (progress != null) progress.finish();
        int code = 0;
        if (result.interrupted()) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf("bgctl replay: interrupted at %s s of virtual time, the journal closed; continue with: bgctl"
                    + " replay --resume %s%n", result.summary().get("last_instant_s"), dir);
            err.flush();
            code = Interruption.INTERRUPTED;
        } else {
            print(spec.commandLine().getOut(), result.summary(), dir);
        }
        interruption.finish(code);
        return code;
    }

    /** True when --journal names a run directory rather than a journal kind. */
    private boolean recordedRunNamed() {
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

    private int fromRun(Path recorded) throws Exception {
        boolean named = spec.commandLine().getParseResult().hasMatchedOption("--scheduler");
        Path dir = out != null ? out : freeRunDirectory(recorded.getFileName() + "-replay");
        JournalReplay.Result result = JournalReplay.run(recorded, named ? scheduler : null, dir, speed());
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> m = result.summary().asMap();
        out.printf("bgctl replay: the serve run %s on %s with %s%n", recorded, m.get("machine"), m.get("scheduler"));
        for (String key : new String[] {"inputs", "jobs_submitted", "jobs", "jobs_never_started", "jobs_killed",
                "makespan_s", "mean_wait_s", "utilization", "invariant_violations", "events"}) {
            out.printf("  %-26s %s%n", key, m.get(key));
        }
        out.printf("outputs in %s (summary.json, jobs.csv, journal)%n", dir);
        out.flush();
        return result.violations().isEmpty() ? 0 : 1;
    }

    /** The clock's speed: none for virtual time; a positive number of virtual seconds per wall second. */
    private OptionalDouble speed() {
        if (speed == null) return OptionalDouble.empty();
        if (!(speed > 0) || speed.isInfinite())
            throw new ParameterException(spec.commandLine(), "--speed must be a positive number of virtual seconds per"
                    + " wall second, was " + speed);
        if (recordedRun() == null && "direct".equalsIgnoreCase(executor))
            throw new ParameterException(spec.commandLine(), "--speed paces the actors' clock; the direct executor has"
                    + " none (use --executor actors)");
        return OptionalDouble.of(speed);
    }

    /** Where the agents live: this JVM, or the cluster of --cluster. */
    private ActorHost host() {
        if (!cluster) return ActorHost.LOCAL;
        try {
            return new ClusterReplay(member.toOptions(members));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The options as replay parameters; unset options are left to the parameters' defaults. */
    private ReplayParameters parameters() {
        return ReplayParameters.none()
                .with("trace", input.demo ? ReplayParameters.DEMO_TRACE : input.trace)
                .with("machine", machine)
                .with("scheduler", scheduler)
                .with("journal", journal)
                .with("executor", executor)
                .with("lenient", lenient)
                .with("first_jobs", first)
                .with("submit_from", from)
                .with("submit_to", to)
                .with("month", month)
                .with("size_multiply", sizeMultiply)
                .with("size_divide", sizeDivide)
                .with("runtime_coefficient", runtimeCoefficient)
                .with("arrival_scale", arrivalScale)
                .with("offered_load", offeredLoad)
                .with("estimate_source", estimate)
                .with("enforce_walltime", enforceWalltime)
                .with("ci_fraction", ciFraction)
                .with("ci_gain", ciGain)
                .with("ci_gain_spread", ciGainSpread)
                .with("boot_delay", bootDelay)
                .with("backfill_increase", backfillIncrease)
                .with("migration_fn_tor", migrationFnTor)
                .with("migration_fn_max", migrationFnMax)
                .with("migration_cost", migrationCost)
                .with("pfcfs_threshold", pfcfsThreshold)
                .with("pfcfs_delay", pfcfsDelay)
                .with("pfcfs_gang", pfcfsGang)
                .with("pfcfs_switches", pfcfsSwitches)
                .with("switch_penalty", switchPenalty)
                .with("sizes_in", sizesIn)
                .with("shapes", shapes)
                .with("fat_probability", fatProbability)
                .with("fat_sizes", fatSizes)
                .with("pin_shapes", pinShapes)
                .with("torus_probability", torusProbability)
                .with("seed", seed)
                .with("on_kill", onKill)
                .with("faults", faults)
                .with("fault_model", faultModel)
                .with("fault_midplane", faultMidplane)
                .with("fault_switch", faultSwitch)
                .with("fault_cable", faultCable)
                .with("fault_node", faultNode);
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

    private static void print(PrintWriter out, Summary summary, Path dir) {
        Map<String, Object> m = summary.asMap();
        out.printf("bgctl replay: %s on %s with %s%n", m.get("trace"), m.get("machine"), m.get("scheduler"));
        for (String key : new String[] {"jobs_read", "jobs_submitted", "jobs", "jobs_never_started", "jobs_skipped",
                "jobs_killed", "offered_load", "makespan_s", "mean_wait_s", "p50_wait_s", "p95_wait_s", "max_wait_s",
                "mean_response_s", "mean_bounded_slowdown", "utilization", "unused_capacity", "lost_capacity",
                "sum_flow_s", "sum_weighted_flow", "preemptions", "preemptions_context_switches", "migrations_total", "migrations_successful",
                "migrations_max_successful", "jobs_migrated", "events"}) {
            if (m.containsKey(key)) out.printf("  %-26s %s%n", key, m.get(key));
        }
        if (m.get("faults") instanceof Map<?, ?> faults && faults.get("invariant_violations") != null) {
            for (String key : new String[] {"on_kill", "failures", "repairs", "kills", "jobs_killed", "jobs_requeued",
                    "jobs_failed", "node_hours_lost", "availability", "component_availability",
                    "invariant_violations"}) {
                out.printf("  %-26s %s%n", "faults." + key, faults.get(key));
            }
        }
        out.printf("  %-26s %s%n", "run", m.get("run"));
        out.printf("outputs in %s (summary.json, jobs.csv, schedule.swf%s)%n", dir,
                JournalLocation.exists(dir) ? ", journal" : "");
        out.flush();
    }
}
