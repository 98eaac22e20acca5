package org.bgctl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.run.ExecutorKind;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.TraceSource;
import org.bgctl.workload.WorkloadOptions;

/**
 * Replay throughput in one JVM: the direct executor, the actors with the memory journal and
 * the actors with the H2 journal, each warmed up first, then timed; prints jobs/s (median of
 * the timed runs), the actor/direct ratio and the heap in use after the runs.
 * Usage: {@code ReplayBench TRACE MACHINE SCHEDULER [WARMUP] [RUNS]}.
 */
public final class ReplayBench {

    private ReplayBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ReplayBench TRACE MACHINE SCHEDULER [WARMUP] [RUNS]");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        String machine = args[1];
        String scheduler = args[2];
        int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        int runs = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        Path scratch = Files.createTempDirectory("bgctl-bench");

        System.out.printf("trace %s, machine %s, scheduler %s, %d warm-up + %d timed runs per mode%n",
                trace.getFileName(), machine, scheduler, warmup, runs);
        double direct = measure("direct", trace, machine, scheduler, ExecutorKind.DIRECT, JournalKind.MEMORY,
                warmup, runs, scratch);
        double memory = measure("actors, memory journal", trace, machine, scheduler, ExecutorKind.ACTORS,
                JournalKind.MEMORY, warmup, runs, scratch);
        double h2 = measure("actors, H2 journal", trace, machine, scheduler, ExecutorKind.ACTORS, JournalKind.H2,
                warmup, runs, scratch);
        System.out.printf("ratio actors+memory / direct: %.3f%n", memory / direct);
        System.out.printf("ratio actors+H2 / direct:     %.3f%n", h2 / direct);
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap in use after the runs: %d MiB (max %d MiB)%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20, rt.maxMemory() >> 20);
    }

    private static double measure(String label, Path trace, String machine, String scheduler, ExecutorKind executor,
                                  JournalKind journal, int warmup, int runs, Path scratch) throws Exception {
        List<Double> rates = new ArrayList<>();
        long jobs = 0;
        for (int i = 0; i < warmup + runs; i++) {
            Path out = Files.createTempDirectory(scratch, "run");
            ReplaySpec spec = new ReplaySpec(TraceSource.file(trace), machine, scheduler, WorkloadOptions.defaults(),
                    false, out, journal, executor);
            long t0 = System.nanoTime();
            ReplayResult result = Replay.run(spec, Progress.none(), Duration.ofHours(1));
            double seconds = (System.nanoTime() - t0) / 1e9;
            jobs = result.jobs().size();
            if (i >= warmup) rates.add(jobs / seconds);
        }
        Collections.sort(rates);
        double median = rates.get(rates.size() / 2);
        System.out.printf("%-24s %10.0f jobs/s  (%d jobs; runs: %s)%n", label, median, jobs, format(rates));
        return median;
    }

    private static String format(List<Double> rates) {
        StringBuilder s = new StringBuilder();
        for (double r : rates) s.append(s.length() == 0 ? "" : ", ").append(String.format("%.0f", r));
        return s.toString();
    }
}
