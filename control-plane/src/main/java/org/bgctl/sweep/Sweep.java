package org.bgctl.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;

/**
 * Runs a planned sweep: its runs in a bounded pool of threads, each a replay in its own run
 * directory, then results.csv and the plots. A failed run is reported with its error and does
 * not stop the others. Every output is in grid order, so it does not depend on the number of
 * threads. Runs finished by an earlier invocation of the same sweep into the same directory are kept, not rerun;
 * a directory holding another sweep's results is refused ({@link EarlierSweep}).
 *
 * <p>The output directory receives {@code sweep.json} (the resolved sweep), {@code runs/NNN-label/}
 * (one replay each, with its {@code parameters.json}), {@code results.csv} and {@code plots/}.
 */
public final class Sweep {

    /** The resolved sweep, in the output directory. */
    public static final String SWEEP_JSON = "sweep.json";
    /** The results table, in the output directory. */
    public static final String RESULTS_CSV = "results.csv";
    /** The plots' folder, in the output directory. */
    public static final String PLOTS = "plots";

    private Sweep() {
    }

    /**
     * Runs {@code plan} on {@code parallel} threads.
     *
     * @throws IllegalArgumentException when the directory holds another sweep's results, or a run directory something
     *                                  other than this run (nothing is started or written then)
     */
    public static SweepOutcome run(SweepPlan plan, int parallel, SweepListener listener) throws IOException {
        if (parallel < 1) throw new IllegalArgumentException("parallel must be at least 1, was " + parallel);
        List<PlannedRun> runs = plan.runs();
        List<RunDirectory.Found> found = check(plan);
        Files.createDirectories(plan.out());
        // before sweep.json names the plots of this sweep: it then names every plot file a sweep here has drawn
        SweepPlots.removeEarlier(EarlierSweep.plotNames(plan.out()), plan.plots(), plan.out().resolve(PLOTS));
        writeWhole(plan.out().resolve(SWEEP_JSON), plan.describe());

        int total = runs.size();
        EndCounter ended = new EndCounter(listener, total);
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(parallel, task -> {
            Thread t = new Thread(task, "bgctl-sweep-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        List<RunOutcome> outcomes = new ArrayList<>();
        try {
            List<Future<RunOutcome>> pending = new ArrayList<>();
            for (int i = 0; i < total; i++) {
                PlannedRun run = runs.get(i);
                RunDirectory.Found there = found.get(i);
                if (there.state() == RunDirectory.State.FINISHED) {
                    RunOutcome kept = new RunOutcome(run, RunStatus.RESUMED, RunDirectory.summary(run.dir()), null, 0);
                    ended.tell(kept);
                    pending.add(CompletableFuture.completedFuture(kept));
                } else {
                    pending.add(pool.submit(() -> {
                        RunOutcome outcome = execute(run, there);
                        ended.tell(outcome);
                        return outcome;
                    }));
                }
            }
            for (Future<RunOutcome> outcome : pending) outcomes.add(await(outcome));
        } finally {
            pool.shutdownNow();
        }

        SweepResults results = SweepResults.of(plan, outcomes);
        results.write(plan.out().resolve(RESULTS_CSV));
        List<Path> plots = SweepPlots.write(plan.plots(), results, plan.out().resolve(PLOTS));
        return new SweepOutcome(outcomes, results, plots);
    }

    /**
     * For each run of {@code plan}, in grid order, true when its directory holds it finished, so that the sweep would
     * keep it rather than run it.
     *
     * @throws IllegalArgumentException as {@link #run} refuses the output directory
     */
    public static List<Boolean> finished(SweepPlan plan) throws IOException {
        return check(plan).stream().map(f -> f.state() == RunDirectory.State.FINISHED).toList();
    }

    /**
     * What each run directory holds; refuses, before anything is written, an output directory that is a file or
     * holds another sweep's results, and run directories that hold another run.
     */
    private static List<RunDirectory.Found> check(SweepPlan plan) throws IOException {
        if (Files.exists(plan.out()) && !Files.isDirectory(plan.out()))
            throw new IllegalArgumentException("--out " + plan.out() + " is a file, not a directory");
        EarlierSweep.checkSameAs(plan);
        List<RunDirectory.Found> found = new ArrayList<>();
        List<String> conflicts = new ArrayList<>();
        for (PlannedRun run : plan.runs()) {
            RunDirectory.Found there = RunDirectory.find(run);
            if (there.state() == RunDirectory.State.OTHER)
                conflicts.add("run " + run.index() + ": " + RunDirectory.conflict(run));
            found.add(there);
        }
        if (!conflicts.isEmpty())
            throw new IllegalArgumentException("the output directory holds other runs; choose another --out or remove"
                    + " them (nothing was started):\n  " + String.join("\n  ", conflicts));
        return found;
    }

    /** Writes {@code doc} to {@code file} whole or not at all, so that a kill never leaves one a resume cannot read. */
    static void writeWhole(Path file, Object doc) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        RunDirectory.JSON.writeValue(part.toFile(), doc);
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static RunOutcome execute(PlannedRun run, RunDirectory.Found found) {
        long started = System.nanoTime();
        try {
            RunDirectory.prepare(run, found);
            Replay.run(run.spec(), Progress.none(), Duration.ofHours(1));
            return new RunOutcome(run, RunStatus.COMPLETED, RunDirectory.summary(run.dir()), null, since(started));
        } catch (Exception e) {
            String why = message(e);
            try {
                RunDirectory.recordFailure(run, e);
            } catch (IOException unwritable) {
                why += " (" + RunDirectory.ERROR + " could not be written: " + message(unwritable) + ")";
            }
            return new RunOutcome(run, RunStatus.FAILED, Map.of(), why, since(started));
        }
    }

    private static RunOutcome await(Future<RunOutcome> outcome) throws IOException {
        try {
            return outcome.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the runs", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Numbers the runs as they end and tells the listener, one call at a time. */
    private static final class EndCounter {
        private final SweepListener listener;
        private final int total;
        private int ended;

        EndCounter(SweepListener listener, int total) {
            this.listener = listener;
            this.total = total;
        }

        synchronized void tell(RunOutcome outcome) {
            listener.ended(outcome, ++ended, total);
        }
    }

    private static double since(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static String message(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.toString() : m;
    }
}
