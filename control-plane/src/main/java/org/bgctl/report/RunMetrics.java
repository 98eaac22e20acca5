package org.bgctl.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The figures of a run, over the jobs that finished (definitions in docs/semantics.md):
 * wait = start − submit; response = end − submit; bounded slowdown = max(response, Γ) /
 * max(run, Γ) with Γ = 10 s; utilization = Σ size·run / (T·N), T = last end − first submit;
 * unused capacity = ∫ max(0, free(t) − queued demand(t)) dt / (T·N); lost = 1 − utilized − unused.
 * Size and run are the job's own (requested size, run time of the workload), as in Krevat et al.
 * (2002, eq. 1): nodes a job holds beyond them — a raised size, the boot delay, migration costs —
 * are lost capacity. free(t) counts the nodes allocated, from the schedule event to the end.
 * Percentiles are nearest-rank: the ⌈p·n⌉-th smallest value.
 */
public record RunMetrics(int jobs, long makespan, double meanWait, long p50Wait, long p95Wait, long maxWait,
                         double meanResponse, double meanBoundedSlowdown, double utilization,
                         double unusedCapacity, double lostCapacity, long sumFlow, double sumWeightedFlow,
                         long firstSubmit, long lastEnd) {

    /** Γ of the bounded slowdown, in seconds. */
    public static final long GAMMA = 10;

    /** The metrics of the finished jobs among {@code records} on a machine of {@code nodes} nodes. */
    public static RunMetrics of(Collection<JobRecord> records, int nodes) {
        List<JobRecord> done = new ArrayList<>();
        for (JobRecord r : records) if (r.finished()) done.add(r);
        int n = done.size();
        if (n == 0) return new RunMetrics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        long[] waits = new long[n];
        long firstSubmit = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        double sumWait = 0, sumResponse = 0, sumSlowdown = 0, sumWeighted = 0, work = 0;
        long sumFlow = 0;
        for (int i = 0; i < n; i++) {
            JobRecord r = done.get(i);
            waits[i] = r.waitTime();
            sumWait += r.waitTime();
            sumResponse += r.response();
            sumFlow += r.response();
            sumSlowdown += (double) Math.max(r.response(), GAMMA) / Math.max(r.job().runtime(), GAMMA);
            double weight = (double) r.job().size() * r.job().runtime();
            sumWeighted += weight * r.response();
            work += weight;
            firstSubmit = Math.min(firstSubmit, r.job().submit());
            lastEnd = Math.max(lastEnd, r.end());
        }
        Arrays.sort(waits);
        long span = lastEnd - firstSubmit;
        double capacity = (double) span * nodes;
        double utilization = capacity > 0 ? work / capacity : 0;
        double unused = capacity > 0 ? unusedNodeSeconds(done, nodes) / capacity : 0;
        return new RunMetrics(n, span, sumWait / n, percentile(waits, 0.50), percentile(waits, 0.95), waits[n - 1],
                sumResponse / n, sumSlowdown / n, utilization, unused, Math.max(0, 1 - utilization - unused),
                sumFlow, sumWeighted, firstSubmit, lastEnd);
    }

    static long percentile(long[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    /** ∫ max(0, free(t) − queued demand(t)) dt over the run, in node-seconds. */
    private static double unusedNodeSeconds(List<JobRecord> done, int nodes) {
        // Each change: time, change of busy nodes, change of queued demand.
        long[][] changes = new long[done.size() * 3][];
        int k = 0;
        for (JobRecord r : done) {
            changes[k++] = new long[] {r.job().submit(), 0, r.job().size()};
            changes[k++] = new long[] {r.scheduled(), r.size(), -r.job().size()};
            changes[k++] = new long[] {r.end(), -r.size(), 0};
        }
        Arrays.sort(changes, (a, b) -> Long.compare(a[0], b[0]));
        long busy = 0, queued = 0;
        double unused = 0;
        for (int i = 0; i < changes.length; i++) {
            busy += changes[i][1];
            queued += changes[i][2];
            if (i + 1 < changes.length) {
                long dt = changes[i + 1][0] - changes[i][0];
                unused += (double) Math.max(0, nodes - busy - queued) * dt;
            }
        }
        return unused;
    }
}
