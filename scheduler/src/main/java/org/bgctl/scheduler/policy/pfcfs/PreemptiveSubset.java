package org.bgctl.scheduler.policy.pfcfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.bgctl.scheduler.RunningJob;

/**
 * Rule 3 of preemptive FCFS: the running small jobs a wide job preempts, chosen greedily to preempt as few
 * jobs as possible and to match the nodes it lacks as closely as possible. While no single job covers what is
 * still lacking, the largest job is taken (ties: lowest job id); then the smallest job that covers the rest
 * (ties: lowest job id). Taking the largest first preempts the fewest jobs; the last pick keeps the nodes
 * suspended for nothing few. The order of the picks is the order the wide job borrows their nodes.
 */
final class PreemptiveSubset {

    private static final Comparator<RunningJob> LARGEST_FIRST =
            Comparator.comparingInt((RunningJob r) -> -r.allocation().nodes()).thenComparingLong(RunningJob::id);

    private PreemptiveSubset() {
    }

    /** The jobs to preempt among {@code candidates} to free {@code lacking} nodes; empty when they cannot. */
    static List<RunningJob> choose(Collection<RunningJob> candidates, int lacking) {
        List<RunningJob> left = new ArrayList<>(candidates);
        left.sort(LARGEST_FIRST);
        List<RunningJob> chosen = new ArrayList<>();
        int rest = lacking;
        while (rest > 0) {
            RunningJob cover = null;
            for (RunningJob r : left) {
                if (r.allocation().nodes() < rest) break;
                if (cover == null || r.allocation().nodes() < cover.allocation().nodes()) cover = r;
            }
            if (cover != null) {
                chosen.add(cover);
                return chosen;
            }
            if (left.isEmpty()) return List.of();
            RunningJob largest = left.remove(0);
            chosen.add(largest);
            rest -= largest.allocation().nodes();
        }
        return chosen;
    }
}
