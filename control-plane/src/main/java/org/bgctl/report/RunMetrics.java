package org.bgctl.report;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;

/**
 * The figures of a run, over the jobs that finished (definitions in docs/semantics.md):
 * wait = start − submit; response = end − submit; bounded slowdown = max(response, Γ) /
 * max(run, Γ) with Γ = 10 s and run the job's actual run time ({@link JobRecord#actualRuntime}: its own, or
 * shortened on a contiguous block for a communication-intensive job; for a job killed or cancelled, what it ran); utilization = Σ size·run / (T·N), T = last end − first submit;
 * unused capacity = ∫ max(0, free(t) − queued demand(t)) dt / (T·N); lost = 1 − utilized − unused.
 * Size and run are the job's own (requested size, run time of the workload), as in Krevat et al.
 * (2002, eq. 1): nodes a job holds beyond them — a raised size, the boot delay, migration costs —
 * are lost capacity. A job killed by a failed component counts no run (its run is lost, as the runs of a
 * requeued job before its kills are), a cancelled one the part it ran. free(t) counts the nodes allocated, from the schedule event to the end.
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
        long base = Long.MAX_VALUE;
        int most = 0;
        for (JobRecord r : records) {
            base = Math.min(base, r.job().submit());
            most = Math.max(most, Math.max(r.size(), r.job().size()));
        }
        try (Builder b = new Builder(base, most)) {
            for (JobRecord r : records) b.add(r);
            return b.build(nodes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A finished job's bounded slowdown, max(response, Γ) / max(run, Γ), the run its actual run time
     * ({@link JobRecord#actualRuntime}), but for a job a failed component killed or an operator cancelled the part of
     * it it ran: the slowdown of a job that ended early is at least 1 as every other's (its response is shorter than
     * its own run).
     */
    public static double boundedSlowdown(JobRecord r) {
        return (double) Math.max(r.response(), GAMMA) / Math.max(r.madeOf(r.actualRuntime()), GAMMA);
    }

    static long percentile(long[] sorted, double p) {
        return sorted[(int) rank(p, sorted.length) - 1];
    }

    /** The nearest rank of percentile {@code p} among {@code n} values, from 1. */
    private static long rank(double p, long n) {
        return Math.max(1, (long) Math.ceil(p * n));
    }

    /**
     * The metrics of jobs given one at a time, in job-id order, with memory of a bounded size: sums as they come,
     * and the waits and the capacity changes sorted in bounded memory ({@link SortedLongs}), so the percentiles
     * and the unused capacity are exact. Jobs that did not finish are left out.
     */
    public static final class Builder implements Closeable {
        private final long base;
        private final int most;
        private final long kinds;
        private final SortedLongs waits = new SortedLongs();
        private final SortedLongs changes = new SortedLongs();
        private int n;
        private long firstSubmit = Long.MAX_VALUE;
        private long lastEnd = Long.MIN_VALUE;
        private double sumWait, sumResponse, sumSlowdown, sumWeighted, work;
        private long sumFlow;

        /**
         * @param base no later than any job's submission
         * @param most at least any job's requested and allocated size
         */
        public Builder(long base, int most) {
            this.base = base;
            this.most = most;
            this.kinds = 2L * most + 1;
        }

        public void add(JobRecord r) {
            if (!r.finished()) return;
            n++;
            waits.add(r.waitTime());
            sumWait += r.waitTime();
            sumResponse += r.response();
            sumFlow += r.response();
            sumSlowdown += boundedSlowdown(r);
            double weight = (double) r.job().size() * r.job().runtime();
            sumWeighted += weight * r.response();
            work += r.job().size() * (double) workDone(r);
            firstSubmit = Math.min(firstSubmit, r.job().submit());
            lastEnd = Math.max(lastEnd, r.end());
            // Only the sum of the queued demand and the busy nodes matters. A job adds its size to it at its
            // submission, changes it by (nodes it got − its size) at its start — nothing, mostly — and takes the
            // nodes it got off it at its end. Changes at equal times may be taken in any order (the interval
            // between them is empty), so each is one long — time, then the change offset to be non-negative —
            // and a plain sort of those orders them.
            changes.add(change(r.job().submit() - base, r.job().size(), most, kinds));
            if (r.size() != r.job().size())
                changes.add(change(r.scheduled() - base, r.size() - r.job().size(), most, kinds));
            changes.add(change(r.end() - base, -r.size(), most, kinds));
        }

        /**
         * The seconds of its own run a finished job counts in the utilization: its run time, but for a job killed by
         * a failed component none (its run is lost, as every run a kill ended: those of a job requeued after a kill
         * never count either), and for a running job an operator cancelled the part it ran. A job that ended early
         * never counts the part of its run it did not make.
         */
        private static long workDone(JobRecord r) {
            return !r.killedBy().isEmpty() && !r.cancelled() ? 0 : r.madeOf(r.job().runtime());
        }

        /** The metrics on a machine of {@code nodes} nodes. */
        public RunMetrics build(int nodes) throws IOException {
            if (n == 0) return new RunMetrics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            long p50 = 0, p95 = 0, max = 0;
            long rank50 = rank(0.50, n);
            long rank95 = rank(0.95, n);
            try (SortedLongs.Cursor c = waits.sorted()) {
                for (long rank = 1; c.hasNext(); rank++) {
                    max = c.next();
                    if (rank == rank50) p50 = max;
                    if (rank == rank95) p95 = max;
                }
            }
            long span = lastEnd - firstSubmit;
            double capacity = (double) span * nodes;
            double utilization = capacity > 0 ? work / capacity : 0;
            double unused = capacity > 0 ? unusedNodeSeconds(nodes) / capacity : 0;
            // a run of makespan 0 (jobs of run time 0 at one instant) has no capacity to use, leave unused or lose
            double lost = capacity > 0 ? Math.max(0, 1 - utilization - unused) : 0;
            return new RunMetrics(n, span, sumWait / n, p50, p95, max,
                    sumResponse / n, sumSlowdown / n, utilization, unused, lost,
                    sumFlow, sumWeighted, firstSubmit, lastEnd);
        }

        /** ∫ max(0, free(t) − queued demand(t)) dt over the run, in node-seconds. */
        private double unusedNodeSeconds(int nodes) throws IOException {
            long demand = 0;
            double unused = 0;
            try (SortedLongs.Cursor c = changes.sorted()) {
                long current = c.next();
                while (true) {
                    demand += current % kinds - most;
                    if (!c.hasNext()) break;
                    long following = c.next();
                    long dt = following / kinds - current / kinds;
                    unused += (double) Math.max(0, nodes - demand) * dt;
                    current = following;
                }
            }
            return unused;
        }

        @Override
        public void close() throws IOException {
            waits.close();
            changes.close();
        }
    }

    /** One change as a sortable long: time (from the first submission), then the change plus {@code most}. */
    private static long change(long time, int delta, int most, long kinds) {
        return Math.addExact(Math.multiplyExact(time, kinds), most + delta);
    }
}
