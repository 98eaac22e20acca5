package org.bgctl.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalKind;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.report.Summary;
import org.bgctl.run.ExecutorKind;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.TraceSource;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.swf.SwfReader;
import org.bgctl.workload.EstimateSource;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.WorkloadOptions;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl replay}: drives an SWF trace through the emulated machine in virtual time. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Replay an SWF trace through the emulated control plane in virtual time.",
        footer = {"", "Outputs in the run directory: summary.json, jobs.csv, schedule.swf and the journal (H2).",
                "Example: bgctl replay --trace SDSC-SP2-1998-4.2-cln.swf --machine flat:128 --scheduler easy --out runs/sdsc"})
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
            description = "Machine: ${COMPLETION-CANDIDATES}. Default: flat:<MaxNodes of the trace header>.",
            completionCandidates = MachineNames.class)
    String machine;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "easy",
            description = "Scheduler: fcfs, easy, conservative; on buddy:N also free-list, buddy, selective-buddy"
                    + " (EASY backfilling with each allocation); on paragon-sdsc also nqs. Default: ${DEFAULT-VALUE}.")
    String scheduler;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory. Default: runs/<trace>-<scheduler>, numbered when taken.")
    Path out;

    @Option(names = "--journal", paramLabel = "KIND", defaultValue = "h2",
            description = "Journal: h2 (a file in the run directory) or memory (nothing kept). Default: ${DEFAULT-VALUE}.")
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

    @Option(names = "--arrival-scale", paramLabel = "F", defaultValue = "1.0",
            description = "Multiply inter-arrival times by F (F < 1 raises the offered load).")
    double arrivalScale;

    @Option(names = "--estimate", paramLabel = "SOURCE", defaultValue = "requested",
            description = "Run-time estimates: requested (SWF field 9) or exact. Default: ${DEFAULT-VALUE}.")
    String estimate;

    @Option(names = "--enforce-walltime", description = "Kill a job that runs past its requested time at that time.")
    boolean enforceWalltime;

    @Option(names = "--ci-fraction", paramLabel = "F", defaultValue = "0",
            description = "Fraction of jobs drawn communication-intensive, 0 to 1 (0: none). Default: ${DEFAULT-VALUE}.")
    double ciFraction;

    @Option(names = "--ci-gain", paramLabel = "X", defaultValue = "0",
            description = "How much shorter a communication-intensive job runs on a contiguous block, 0 to 1"
                    + " (0.25: 25%% shorter). Default: ${DEFAULT-VALUE}.")
    double ciGain;

    @Option(names = "--ci-gain-spread", paramLabel = "HOW", defaultValue = "fixed",
            description = "fixed: every communication-intensive job gains X; random: each gains a value drawn"
                    + " from [0, 2X]. Default: ${DEFAULT-VALUE}.")
    String ciGainSpread;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the run's random generator (which jobs are communication-intensive)."
                    + " Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        TraceSource trace = input.demo ? TraceSource.DEMO : TraceSource.file(input.trace);
        String machineName = machine != null ? machine : defaultMachine(trace);
        validate(machineName);
        Path dir = out != null ? out : freeRunDirectory(trace, scheduler);
        ReplaySpec replay = new ReplaySpec(trace, machineName, scheduler, workload(), lenient, dir,
                parse(() -> JournalKind.parse(journal)), parse(() -> ExecutorKind.parse(executor)));
        PrintWriter err = spec.commandLine().getErr();
        ProgressPrinter progress = quiet ? null : new ProgressPrinter(err, System.console() != null);
        ReplayResult result = Replay.run(replay, progress != null ? progress : org.bgctl.run.Progress.none(),
                progress != null ? progress.interval() : Duration.ofHours(1));
        if (progress != null) progress.finish();
        print(spec.commandLine().getOut(), result.summary(), dir);
        return 0;
    }

    private void validate(String machineName) {
        parse(() -> MachineCatalog.create(machineName));
        parse(() -> Policies.create(scheduler));
    }

    private <T> T parse(java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private WorkloadOptions workload() {
        return parse(() -> WorkloadOptions.builder()
                .firstJobs(first)
                .submitWindow(from == null ? Long.MIN_VALUE : from, to == null ? Long.MAX_VALUE : to)
                .sizeMultiply(sizeMultiply)
                .sizeDivide(sizeDivide)
                .runtimeCoefficient(runtimeCoefficient)
                .arrivalScale(arrivalScale)
                .estimateSource(estimateSource())
                .enforceWalltime(enforceWalltime)
                .jobClasses(new JobClasses(ciFraction, ciGain, gainSpread(), seed))
                .build());
    }

    private EstimateSource estimateSource() {
        return switch (estimate) {
            case "requested" -> EstimateSource.REQUESTED;
            case "exact" -> EstimateSource.EXACT;
            default -> throw new IllegalArgumentException("--estimate: unknown source '" + estimate
                    + "'; known: requested, exact");
        };
    }

    private JobClasses.Spread gainSpread() {
        return switch (ciGainSpread) {
            case "fixed" -> JobClasses.Spread.FIXED;
            case "random" -> JobClasses.Spread.RANDOM;
            default -> throw new IllegalArgumentException("--ci-gain-spread: unknown spread '" + ciGainSpread
                    + "'; known: fixed, random");
        };
    }

    private String defaultMachine(TraceSource trace) throws java.io.IOException {
        if (trace == TraceSource.DEMO) return TraceSource.DEMO_MACHINE;
        try (SwfReader reader = trace.open(true)) {
            int nodes = reader.header().maxNodes().orElse(reader.header().maxProcs().orElse(-1));
            if (nodes <= 0)
                throw new ParameterException(spec.commandLine(), "the trace header gives no MaxNodes or MaxProcs;"
                        + " name the machine with --machine (e.g. flat:128)");
            return "flat:" + nodes;
        }
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
                "jobs_killed", "makespan_s", "mean_wait_s", "p50_wait_s", "p95_wait_s", "max_wait_s",
                "mean_response_s", "mean_bounded_slowdown", "utilization", "unused_capacity", "lost_capacity",
                "sum_flow_s", "sum_weighted_flow", "events"}) {
            out.printf("  %-22s %s%n", key, m.get(key));
        }
        out.printf("  %-22s %s%n", "run", m.get("run"));
        out.printf("outputs in %s (summary.json, jobs.csv, schedule.swf%s)%n", dir,
                org.bgctl.journal.JournalSettings.hasH2Journal(dir) ? ", journal" : "");
        out.flush();
    }
}
