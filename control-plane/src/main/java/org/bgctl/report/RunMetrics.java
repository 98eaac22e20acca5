package org.bgctl.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The figures of a run, over the jobs that finished (definitions in docs/semantics.md):
 * wait = start − submit; response = end − submit; bounded slowdown = max(response, Γ) /
 * max(run, Γ) with Γ = 10 s and run the job's actual run time ({@link JobRecord#actualRuntime}: its own, or
 * shortened on a contiguous block for a communication-intensive job); utilization = Σ size·run / (T·N), T = last end − first submit;
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
            sumSlowdown += (double) Math.max(r.response(), GAMMA) / Math.max(r.actualRuntime(), GAMMA);
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
        // Only the sum of the queued demand and the busy nodes matters. A job adds its size to it at its
        // submission, changes it by (nodes it got − its size) at its start — nothing, mostly — and takes the
        // nodes it got off it at its end. Changes at equal times may be taken in any order (the interval
        // between them is empty), so each is one long — time, then the change offset to be non-negative —
        // and a plain sort of those orders them.
        long base = Long.MAX_VALUE;
        int most = 0;
        for (JobRecord r : done) {
            base = Math.min(base, r.job().submit());
            most = Math.max(most, Math.max(r.size(), r.job().size()));
        }
        long kinds = 2L * most + 1;
        long[] changes = new long[done.size() * 3];
        int k = 0;
        for (JobRecord r : done) {
            changes[k++] = change(r.job().submit() - base, r.job().size(), most, kinds);
            if (r.size() != r.job().size())
                changes[k++] = change(r.scheduled() - base, r.size() - r.job().size(), most, kinds);
            changes[k++] = change(r.end() - base, -r.size(), most, kinds);
        }
        Arrays.sort(changes, 0, k);
        long demand = 0;
        double unused = 0;
        for (int i = 0; i < k; i++) {
            demand += changes[i] % kinds - most;
            if (i + 1 < k) {
                long dt = changes[i + 1] / kinds - changes[i] / kinds;
                unused += (double) Math.max(0, nodes - demand) * dt;
            }
        }
        return unused;
    }

    /** One change as a sortable long: time (from the first submission), then the change plus {@code most}. */
    private static long change(long time, int delta, int most, long kinds) {
        return Math.addExact(Math.multiplyExact(time, kinds), most + delta);
    }
}
