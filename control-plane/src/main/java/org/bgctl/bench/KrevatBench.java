package org.bgctl.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.bgctl.journal.JournalKind;
import org.bgctl.run.ExecutorKind;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayResult;
import org.bgctl.run.ReplaySpec;
import org.bgctl.run.TraceSource;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.workload.WorkloadOptions;

/**
 * Throughput of a Krevat scheduler replaying a whole trace in virtual time: first a warm-up replay of the
 * trace's first jobs, then one timed replay through the direct executor, through the actors with the memory
 * journal and through the actors with the H2 journal. Prints each run's jobs/s, measured over the replay
 * itself (the second replay that finds the max-successful migrations is timed apart), and the load average.
 * Usage: {@code KrevatBench TRACE [MACHINE] [SCHEDULER] [WARM-UP JOBS]}, by default
 * {@code supernode:4x4x8/1 krevat-bm 5000}, with the paper's 1 s boot delay.
 */
public final class KrevatBench {

    private static final SchedulerSettings PAPER = new SchedulerSettings(1, 1, SchedulerSettings.STANDARD_FN_TOR,
            SchedulerSettings.STANDARD_FN_MAX, 0);

    private KrevatBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: KrevatBench TRACE [MACHINE] [SCHEDULER] [WARM-UP JOBS]");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        String machine = args.length > 1 ? args[1] : "supernode:4x4x8/1";
        String scheduler = args.length > 2 ? args[2] : "krevat-bm";
        long warmUpJobs = args.length > 3 ? Long.parseLong(args[3]) : 5000;
        Path scratch = Files.createTempDirectory("bgctl-krevat-bench");

        System.out.printf("trace %s, machine %s, scheduler %s, boot delay %d s%n", trace.getFileName(), machine,
                scheduler, PAPER.bootDelay());
        WorkloadOptions warmUp = WorkloadOptions.builder().firstJobs(warmUpJobs).build();
        for (ExecutorKind executor : ExecutorKind.values())
            run(trace, machine, scheduler, warmUp, executor, JournalKind.MEMORY, scratch);
        report("direct", run(trace, machine, scheduler, WorkloadOptions.defaults(), ExecutorKind.DIRECT,
                JournalKind.MEMORY, scratch));
        report("actors, memory journal", run(trace, machine, scheduler, WorkloadOptions.defaults(),
                ExecutorKind.ACTORS, JournalKind.MEMORY, scratch));
        report("actors, H2 journal", run(trace, machine, scheduler, WorkloadOptions.defaults(), ExecutorKind.ACTORS,
                JournalKind.H2, scratch));
        System.out.printf("load average (1 min) at the end: %.2f on %d cores%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }

    private static ReplayResult run(Path trace, String machine, String scheduler, WorkloadOptions workload,
                                    ExecutorKind executor, JournalKind journal, Path scratch) throws Exception {
        Path out = Files.createTempDirectory(scratch, "run");
        return Replay.run(new ReplaySpec(TraceSource.file(trace), machine, scheduler, workload, false, out, journal,
                executor, PAPER), Progress.none(), Duration.ofHours(1));
    }

    @SuppressWarnings("unchecked")
    private static void report(String label, ReplayResult result) {
        Map<String, Object> run = (Map<String, Object>) result.summary().asMap().get("run");
        System.out.printf("%-24s %8s jobs/s  (%d jobs in %s s; migrations %s attempted, %s successful; "
                        + "utilization %s)%n", label, number(run.get("jobs_per_s")), result.jobs().size(),
                run.get("wall_s"), result.summary().get("migrations_total"),
                result.summary().get("migrations_successful"), result.summary().get("utilization"));
    }

    private static String number(Object value) {
        return String.format("%.0f", ((Number) value).doubleValue());
    }
}
