package org.bgctl.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.machine.paragon.ParagonSite;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.policy.nqs.NqsConfig;
import org.bgctl.scheduler.policy.nqs.NqsQueue;
import org.bgctl.scheduler.policy.nqs.QueueRoute;

/**
 * The reports of Wan et al. for an NQS run, over the jobs that finished, written to the run
 * directory and summarized for summary.json:
 * <ul>
 *   <li>{@code queues.csv} (Table 5): per queue, jobs, share of the usage (node-seconds held),
 *       mean wait and mean run in hours, expansion factor = (mean run + mean wait) / mean run, and
 *       how many jobs were routed there over a limit;</li>
 *   <li>{@code utilization-by-month.csv} (Table 2): per calendar month in the trace's local time,
 *       node-seconds held in the month ÷ (nodes × seconds of the month), both limited to the run's
 *       span from the first submit to the last end;</li>
 *   <li>{@code usage-by-size.csv} (Table 3): jobs and share of the usage by requested size, in
 *       power-of-two classes (1, 2, 3-4, 5-8, ...).</li>
 * </ul>
 */
public final class NqsReport {

    private NqsReport() {
    }

    /**
     * Writes the three files into {@code dir} and returns the summary object, for a run on a machine of
     * {@code capacity} nodes with NQS site {@code site}.
     */
    public static Map<String, Object> write(Path dir, List<JobRecord> records, ParagonSite site, int capacity,
                                            TraceCalendar calendar) throws IOException {
        List<JobRecord> done = new ArrayList<>();
        for (JobRecord r : records) if (r.finished()) done.add(r);
        double total = 0;
        for (JobRecord r : done) total += usage(r);

        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("time_zone", calendar.zone().getId());
        summary.put("unix_start_time", calendar.epochSecond());
        summary.put("queues", queues(dir, done, NqsConfig.of(site), total));
        summary.put("utilization_by_month", months(dir, done, capacity, calendar));
        summary.put("usage_by_size", sizes(dir, done, total));
        return summary;
    }

    private static double usage(JobRecord r) {
        return (double) r.size() * r.runTime();
    }

    private static Map<String, Object> queues(Path dir, List<JobRecord> done, NqsConfig nqs, double total)
            throws IOException {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (NqsQueue q : nqs.queues()) sums.put(q.name(), new double[5]);
        for (JobRecord r : done) {
            QueueRoute route = nqs.route(r.job());
            double[] s = sums.get(route.queue().name());
            s[0]++;
            s[1] += usage(r);
            s[2] += r.waitTime();
            s[3] += r.runTime();
            if (route.overLimit()) s[4]++;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        try (Writer w = Files.newBufferedWriter(dir.resolve("queues.csv"), StandardCharsets.UTF_8)) {
            w.write("queue,jobs,usage_percent,mean_wait_h,mean_run_h,expansion_factor,over_limit\n");
            for (var e : sums.entrySet()) {
                double[] s = e.getValue();
                double meanWait = s[2] / s[0] / 3600;
                double meanRun = s[3] / s[0] / 3600;
                double expansion = (meanRun + meanWait) / meanRun;
                double share = total > 0 ? 100 * s[1] / total : Double.NaN;
                w.write(e.getKey() + "," + (long) s[0] + "," + fixed(share) + "," + fixed(meanWait) + ","
                        + fixed(meanRun) + "," + fixed(expansion) + "," + (long) s[4] + "\n");
                Map<String, Object> q = new LinkedHashMap<>();
                q.put("jobs", (long) s[0]);
                q.put("usage_percent", share);
                q.put("mean_wait_h", meanWait);
                q.put("mean_run_h", meanRun);
                q.put("expansion_factor", expansion);
                q.put("over_limit", (long) s[4]);
                out.put(e.getKey(), q);
            }
        }
        return out;
    }

    private static Map<String, Object> months(Path dir, List<JobRecord> done, int nodes, TraceCalendar calendar)
            throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        try (Writer w = Files.newBufferedWriter(dir.resolve("utilization-by-month.csv"), StandardCharsets.UTF_8)) {
            w.write("month,utilization\n");
            if (done.isEmpty()) return out;
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (JobRecord r : done) {
                first = Math.min(first, r.job().submit());
                last = Math.max(last, r.end());
            }
            YearMonth month = YearMonth.from(calendar.local(first));
            while (true) {
                long from = Math.max(first, calendar.runTime(month.atDay(1).atStartOfDay()));
                long to = Math.min(last, calendar.runTime(month.plusMonths(1).atDay(1).atStartOfDay()));
                if (from >= to) break;
                double held = 0;
                for (JobRecord r : done)
                    held += (double) r.size() * Math.max(0, Math.min(to, r.end()) - Math.max(from, r.start()));
                double utilization = held / ((double) nodes * (to - from));
                w.write(month + "," + fixed(utilization) + "\n");
                out.put(month.toString(), utilization);
                month = month.plusMonths(1);
            }
        }
        return out;
    }

    private static Map<String, Object> sizes(Path dir, List<JobRecord> done, double total) throws IOException {
        TreeMap<Integer, double[]> classes = new TreeMap<>();
        for (JobRecord r : done) {
            double[] c = classes.computeIfAbsent(sizeClass(r.job().size()), k -> new double[2]);
            c[0]++;
            c[1] += usage(r);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        try (Writer w = Files.newBufferedWriter(dir.resolve("usage-by-size.csv"), StandardCharsets.UTF_8)) {
            w.write("request_size,jobs,usage_percent\n");
            for (var e : classes.entrySet()) {
                int top = e.getKey();
                String label = top <= 2 ? Integer.toString(top) : (top / 2 + 1) + "-" + top;
                double share = total > 0 ? 100 * e.getValue()[1] / total : Double.NaN;
                w.write(label + "," + (long) e.getValue()[0] + "," + fixed(share) + "\n");
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("jobs", (long) e.getValue()[0]);
                c.put("usage_percent", share);
                out.put(label, c);
            }
        }
        return out;
    }

    /** The smallest power of two at or above {@code size}. */
    private static int sizeClass(int size) {
        return size <= 1 ? 1 : Integer.highestOneBit(size - 1) << 1;
    }

    private static String fixed(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }
}
