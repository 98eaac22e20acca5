package org.bgctl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplayResult;

/**
 * Throughput of a replay given as replay parameters (e.g. one CTC month with preemptive FCFS), in one JVM:
 * the direct executor, then the actors with the memory journal and with the H2 journal, each warmed up first,
 * then timed; prints jobs/s (median of the timed runs, wall-clock time of the whole replay) and the context
 * switches of the run. Usage: {@code GangBench WARMUP RUNS KEY=VALUE...}.
 */
public final class GangBench {

    private GangBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: GangBench WARMUP RUNS KEY=VALUE...  (replay parameters, e.g. trace=F month=1996-07)");
            System.exit(2);
        }
        int warmup = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        ReplayParameters parameters = ReplayParameters.none();
        for (int i = 2; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("not KEY=VALUE: " + args[i]);
            parameters = parameters.with(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        Path scratch = Files.createTempDirectory("bgctl-bench");
        System.out.printf("%s; %d warm-up + %d timed runs per mode%n", parameters, warmup, runs);
        measure("direct", parameters.with("executor", "direct"), warmup, runs, scratch);
        for (JournalKind journal : List.of(JournalKind.MEMORY, JournalKind.H2)) {
            measure("actors, " + journal.name().toLowerCase() + " journal", parameters.with("executor", "actors")
                    .with("journal", journal.name().toLowerCase()), warmup, runs, scratch);
        }
    }

    private static void measure(String label, ReplayParameters parameters, int warmup, int runs, Path scratch)
            throws Exception {
        List<Double> rates = new ArrayList<>();
        long jobs = 0;
        Object switches = null;
        for (int i = 0; i < warmup + runs; i++) {
            Path out = Files.createTempDirectory(scratch, "run");
            long t0 = System.nanoTime();
            ReplayResult result = Replay.run(parameters.toSpec(out), Progress.none(), Duration.ofHours(1));
            double seconds = (System.nanoTime() - t0) / 1e9;
            jobs = result.jobs().size();
            switches = result.summary().get("preemptions_context_switches");
            if (i >= warmup) rates.add(jobs / seconds);
        }
        Collections.sort(rates);
        StringBuilder all = new StringBuilder();
        for (double r : rates) all.append(all.length() == 0 ? "" : ", ").append(String.format("%.0f", r));
        System.out.printf("%-24s %10.0f jobs/s  (%d jobs, %s context switches; runs: %s)%n", label,
                rates.get(rates.size() / 2), jobs, switches, all);
    }
}
