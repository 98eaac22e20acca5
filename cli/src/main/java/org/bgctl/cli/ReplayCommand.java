package org.bgctl.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalLocation;
import org.bgctl.report.Summary;
import org.bgctl.cluster.ClusterReplay;
import org.bgctl.run.ActorHost;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.TraceSource;
import org.bgctl.workload.GeometryOptions;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl replay}: drives an SWF trace through the emulated machine in virtual time. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay an SWF trace through the emulated control plane in virtual time.",
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
    }

    @Spec
    CommandSpec spec;

    @ArgGroup(multiplicity = "1")
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
                    + " (supernode only). Default: ${DEFAULT-VALUE}.")
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

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory. Default: runs/<trace>-<scheduler>, numbered when taken.")
    Path out;

    @Option(names = "--journal", paramLabel = "KIND", defaultValue = "h2",
            description = "Journal: h2 (a file in the run directory), memory (nothing kept) or postgres (the server of"
                    + " bgctl.postgres.url or BGCTL_PG_URL; create its tables once with bgctl db init). Default: ${DEFAULT-VALUE}.")
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
        ReplayResult result = Replay.run(replay, host(), progress != null ? progress : Progress.none(),
                progress != null ? progress.interval() : Duration.ofHours(1));
        if (progress != null) progress.finish();
        print(spec.commandLine().getOut(), result.summary(), dir);
        return 0;
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
                .with("sizes_in", sizesIn)
                .with("shapes", shapes)
                .with("fat_probability", fatProbability)
                .with("fat_sizes", fatSizes)
                .with("pin_shapes", pinShapes)
                .with("torus_probability", torusProbability)
                .with("seed", seed);
    }

    private static Path freeRunDirectory(TraceSource trace, String scheduler) {
        String stem = trace.name().replaceAll("\\.swf(\\.gz)?$", "");
        Path base = Path.of("runs", stem + "-" + scheduler);
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
                "sum_flow_s", "sum_weighted_flow", "migrations_total", "migrations_successful",
                "migrations_max_successful", "jobs_migrated", "events"}) {
            out.printf("  %-26s %s%n", key, m.get(key));
        }
        out.printf("  %-26s %s%n", "run", m.get("run"));
        out.printf("outputs in %s (summary.json, jobs.csv, schedule.swf%s)%n", dir,
                JournalLocation.exists(dir) ? ", journal" : "");
        out.flush();
    }
}
