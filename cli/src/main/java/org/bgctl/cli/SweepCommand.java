package org.bgctl.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.bgctl.run.ReplayParameters;
import org.bgctl.sweep.Axis;
import org.bgctl.sweep.PlannedRun;
import org.bgctl.sweep.PlotSpec;
import org.bgctl.sweep.RunStatus;
import org.bgctl.sweep.Sweep;
import org.bgctl.sweep.SweepConfig;
import org.bgctl.sweep.SweepOutcome;
import org.bgctl.sweep.SweepPlan;
import org.bgctl.sweep.SweepSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bgctl sweep}: a grid of replays run in parallel, gathered into results.csv and plots. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a grid of replays in parallel and gather them into one results table and plots.",
                "The grid is the cartesian product of the axes, the first axis varying slowest."},
        footer = {"", "Axis values: V1,V2,... and inclusive ranges START:STOP:STEP, mixed freely, e.g.",
                "  --axis scheduler=fcfs,easy --axis runtime_coefficient=0.7:1.4:0.05",
                "Outputs in DIR: sweep.json, runs/NNN-label/ (one replay each), results.csv, plots/*.png|svg.",
                "Every run starts from executor=actors, journal=memory; --set and the sweep file change that.",
                "Re-running into the same DIR keeps the runs that finished and runs the rest.",
                "Another sweep (other base or axes) into a DIR of a sweep's results is refused.",
                "Exit codes: 0 all runs done, 1 some run failed, 2 bad input (nothing started).",
                "Example: bgctl sweep --config config/experiments/flat-load.conf --out sweeps/flat-load --parallel 2"})
public final class SweepCommand implements Callable<Integer> {

    private CommandSpec spec;

    /**
     * Receives the command's model, and lists every replay parameter at the end of its help, after the schedulers
     * and machines of the registries.
     */
    @Spec
    void spec(CommandSpec commandSpec) {
        spec = commandSpec;
        RunOptions.addRegistrySections(commandSpec);
        RunOptions.addParameterSection(commandSpec);
    }

    @Option(names = "--config", paramLabel = "FILE", description = "Sweep file (HOCON), e.g. config/experiments/X.conf.")
    Path config;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory of the sweep.")
    Path out;

    @Option(names = "--axis", paramLabel = "PARAM=VALUES",
            description = "Sweep a replay parameter over VALUES; replaces the file's axis of that parameter.")
    List<String> axes = new ArrayList<>();

    @Option(names = "--set", paramLabel = "PARAM=VALUE",
            description = "Fix a replay parameter for every run; removes the file's axis of that parameter.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--executor", paramLabel = "KIND",
            description = "actors (default: the real system) or direct (same policies, faster); as --set executor=KIND.")
    String executor;

    @Option(names = "--parallel", paramLabel = "N", description = "Runs at a time. Default: the number of processors.")
    Integer parallel;

    @Option(names = "--dry-run", description = "Check every run and print the grid; run nothing.")
    boolean dryRun;

    @Option(names = "--quiet", description = "Print only failed runs while the sweep runs.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        SweepPlan plan = SweepPlan.of(sweep(), out);
        PrintWriter stdout = spec.commandLine().getOut();
        if (dryRun) {
            printGrid(stdout, plan);
            return 0;
        }
        int threads = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
        if (threads < 1) throw new IllegalArgumentException("--parallel must be at least 1, was " + threads);
        PrintWriter err = spec.commandLine().getErr();
        try (Interruption interruption = Interruption.install()) {
            int code = run(plan, threads, stdout, err, interruption);
            interruption.finish(code);
            return code;
        }
    }

    /**
     * Runs the sweep; on SIGINT or SIGTERM says in one line how many runs it finished and how to run the rest (the
     * same sweep into the same --out keeps them), and the process ends with {@link Interruption#INTERRUPTED}.
     */
    private int run(SweepPlan plan, int threads, PrintWriter stdout, PrintWriter err, Interruption interruption)
            throws IOException {
        int total = plan.runs().size();
        AtomicInteger finished = new AtomicInteger();
        AtomicBoolean over = new AtomicBoolean();
        interruption.stop().thenRun(() -> {
            if (!over.compareAndSet(false, true)) return;
            int kept = finished.get();
            synchronized (err) {
                if (kept < total)
                    err.printf("bgctl sweep: interrupted with %d of %d runs finished, kept in %s; run the same sweep"
                            + " into the same --out to run the other %d (the finished ones are kept)%n", kept, total,
                            plan.out(), total - kept);
                else
                    err.printf("bgctl sweep: interrupted with all %d runs finished, kept in %s, before results.csv and"
                            + " the plots were written; run the same sweep into the same --out to write them%n", total,
                            plan.out());
                err.flush();
            }
            interruption.finish(Interruption.INTERRUPTED);
        });
        SweepOutcome outcome = Sweep.run(plan, threads, (run, ended, all) -> {
            if (run.ok()) finished.incrementAndGet();
            if (quiet && run.ok()) return;
            synchronized (err) {
                err.println("[" + ended + "/" + all + "] " + run.line(all));
                err.flush();
            }
        });
        if (!over.compareAndSet(false, true)) return Interruption.INTERRUPTED;
        long resumed = outcome.runs().stream().filter(r -> r.status() == RunStatus.RESUMED).count();
        stdout.printf("bgctl sweep %s: %d runs, %d done now, %d finished earlier, %d failed%n", plan.spec().name(),
                outcome.runs().size(), outcome.runs().size() - resumed - outcome.failed(), resumed, outcome.failed());
        stdout.printf("results in %s, %d plot files in %s%n", out.resolve(Sweep.RESULTS_CSV), outcome.plots().size(),
                out.resolve(Sweep.PLOTS));
        stdout.flush();
        return outcome.failed() > 0 ? 1 : 0;
    }

    /** The sweep file, or an empty sweep, with the command line's --set, --executor and --axis on top. */
    private SweepSpec sweep() throws IOException {
        SweepSpec sweep = config != null ? SweepConfig.read(config) : SweepSpec.named(out.getFileName().toString());
        Map<String, String> fixed = new TreeMap<>();
        for (String set : sets) {
            String option = "--set '" + set + "'";
            int eq = set.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException(option + ": write PARAMETER=VALUE");
            String parameter = set.substring(0, eq).trim();
            sweep = sweep.withSet(parameter, set.substring(eq + 1).trim(), option);
            fix(fixed, ReplayParameters.parameter(parameter).key(), option);
        }
        if (executor != null) {
            String option = "--executor " + executor;
            sweep = sweep.withSet("executor", executor, option);
            fix(fixed, "executor", option);
        }
        Set<String> swept = new TreeSet<>();
        for (String text : axes) {
            String option = "--axis '" + text + "'";
            Axis axis = Axis.parse(text);
            if (!swept.add(axis.parameter()))
                throw new IllegalArgumentException(option + ": a second --axis of " + axis.parameter()
                        + "; give each parameter one axis, with all its values");
            if (fixed.containsKey(axis.parameter()))
                throw new IllegalArgumentException(option + ": " + axis.parameter() + " is also fixed by "
                        + fixed.get(axis.parameter()) + "; give it either one value or an axis");
            sweep = sweep.withAxis(axis, option);
        }
        return sweep;
    }

    /** Records that {@code option} fixes {@code parameter}; a second option fixing it is refused, not let win. */
    private static void fix(Map<String, String> fixed, String parameter, String option) {
        String before = fixed.putIfAbsent(parameter, option);
        if (before != null)
            throw new IllegalArgumentException(option + ": " + parameter + " is already set by " + before
                    + "; give it one value");
    }

    private static void printGrid(PrintWriter out, SweepPlan plan) throws IOException {
        List<Boolean> finished = Sweep.finished(plan);
        SweepSpec sweep = plan.spec();
        String shape = sweep.axes().stream().map(a -> a.parameter() + " (" + a.values().size() + ")")
                .collect(Collectors.joining(" × "));
        out.printf("sweep %s: %d runs%s into %s%n", sweep.name(), plan.runs().size(),
                shape.isEmpty() ? "" : " = " + shape, plan.out());
        out.printf("base: %s%n", sweep.base());
        for (int i = 0; i < plan.runs().size(); i++) {
            PlannedRun run = plan.runs().get(i);
            String scale = run.parameters().get("offered_load").isPresent()
                    ? " (arrival_scale " + run.spec().workload().arrivalScale() + ")" : "";
            out.printf("  %s  %-9s %s%s%n", plan.out().relativize(run.dir()),
                    finished.get(i) ? "finished" : "to run", run.point().describe(), scale);
        }
        for (PlotSpec p : plan.plots())
            out.printf("plot %s: %s against %s, series %s%n", p.fileName(), p.y(), p.x(),
                    p.series().isEmpty() ? "none" : String.join(", ", p.series()));
        out.flush();
    }
}
