package org.bgctl.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.bgctl.journal.JournalKind;
import org.bgctl.run.ExecutorKind;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;

/**
 * Replay throughput in one JVM: the direct executor, the actors with the memory journal and
 * the actors with the H2 journal, each warmed up first, then timed; prints jobs/s (median of
 * the timed runs), the same per second of the process's CPU time (which a machine shared with other
 * work disturbs less than wall time), the actor/direct ratio and the heap in use after the runs.
 * Usage: {@code ReplayBench TRACE MACHINE SCHEDULER [WARMUP] [RUNS] [PARAMETER=VALUE ...]}, the
 * parameters being any replay parameters ({@link ReplayParameters}), e.g. {@code size_divide=4}.
 */
public final class ReplayBench {

    private ReplayBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ReplayBench TRACE MACHINE SCHEDULER [WARMUP] [RUNS] [PARAMETER=VALUE ...]");
            System.exit(2);
        }
        int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        int runs = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        ReplayParameters replay = ReplayParameters.none().with("trace", args[0]).with("machine", args[1])
                .with("scheduler", args[2]);
        for (String setting : Arrays.asList(args).subList(Math.min(5, args.length), args.length)) {
            int eq = setting.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("expected PARAMETER=VALUE, got '" + setting + "'");
            replay = replay.with(setting.substring(0, eq), setting.substring(eq + 1));
        }
        Path scratch = Files.createTempDirectory("bgctl-bench");

        System.out.printf("%s, %d warm-up + %d timed runs per mode; load average (1 min) %.2f on %d cores%n",
                replay, warmup, runs, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        double direct = measure("direct", replay, ExecutorKind.DIRECT, JournalKind.MEMORY, warmup, runs, scratch);
        double memory = measure("actors, memory journal", replay, ExecutorKind.ACTORS, JournalKind.MEMORY, warmup,
                runs, scratch);
        double h2 = measure("actors, H2 journal", replay, ExecutorKind.ACTORS, JournalKind.H2, warmup, runs,
                scratch);
        System.out.printf("ratio actors+memory / direct: %.3f%n", memory / direct);
        System.out.printf("ratio actors+H2 / direct:     %.3f%n", h2 / direct);
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap in use after the runs: %d MiB (max %d MiB)%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20, rt.maxMemory() >> 20);
    }

    private static double measure(String label, ReplayParameters replay, ExecutorKind executor, JournalKind journal,
                                  int warmup, int runs, Path scratch) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ReplayParameters mode = replay.with("executor", executor.name().toLowerCase(Locale.ROOT))
                .with("journal", journal.name().toLowerCase(Locale.ROOT));
        List<Double> rates = new ArrayList<>();
        List<Double> cpuRates = new ArrayList<>();
        long jobs = 0;
        for (int i = 0; i < warmup + runs; i++) {
            ReplaySpec spec = mode.toSpec(Files.createTempDirectory(scratch, "run"));
            long t0 = System.nanoTime();
            long cpu0 = os.getProcessCpuTime();
            ReplayResult result = Replay.run(spec, Progress.none(), Duration.ofHours(1));
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
            jobs = result.jobs().size();
            if (i >= warmup) {
                rates.add(jobs / seconds);
                cpuRates.add(jobs / cpuSeconds);
            }
        }
        Collections.sort(rates);
        Collections.sort(cpuRates);
        double median = rates.get(rates.size() / 2);
        System.out.printf("%-24s %10.0f jobs/s  (%d jobs; runs: %s); per CPU second: %.0f%n", label, median, jobs,
                format(rates), cpuRates.get(cpuRates.size() / 2));
        return median;
    }

    private static String format(List<Double> rates) {
        StringBuilder s = new StringBuilder();
        for (double r : rates) s.append(s.length() == 0 ? "" : ", ").append(String.format("%.0f", r));
        return s.toString();
    }
}
