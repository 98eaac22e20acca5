package org.bgctl.agents;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a node set knows of gang scheduling: the jobs suspended on it, and the nodes each wide job borrowed
 * from them. Nodes are counted, not named: a wide job takes free nodes first, then borrows from the jobs
 * suspended for it, in the order they were suspended, so a node holds at most one running and one suspended
 * job. When a lender ends, the wide job keeps the nodes it borrowed; when the wide job ends, the lenders keep
 * theirs.
 */
final class GangLedger {

    /** Suspended job to the wide job it was suspended for, in suspension order. */
    private final Map<Long, Long> suspended = new LinkedHashMap<>();
    /** Wide job to the nodes it borrowed from each lender, in borrowing order. */
    private final TreeMap<Long, Map<Long, Integer>> borrowed = new TreeMap<>();

    /** Why {@code job} cannot be suspended now, or null when it can. */
    String refusal(long job, List<Long> resuming, boolean runsHere) {
        if (!runsHere) return "job " + job + " does not run here";
        if (suspended.containsKey(job)) return "job " + job + " is already suspended";
        Map<Long, Integer> lenders = borrowed.get(job);
        if (lenders != null) {
            for (long lender : lenders.keySet()) {
                if (suspended.containsKey(lender) && !resuming.contains(lender))
                    return "the nodes of job " + job + " hold suspended job " + lender
                            + ", and a node holds at most one suspended job";
            }
        }
        for (Map.Entry<Long, Map<Long, Integer>> e : borrowed.entrySet()) {
            long wide = e.getKey();
            if (e.getValue().containsKey(job) && suspended.containsKey(wide) && !resuming.contains(wide))
                return "the nodes of job " + job + " hold suspended job " + wide
                        + ", and a node holds at most one suspended job";
        }
        return null;
    }

    void suspend(long job, long wideJob) {
        suspended.put(job, wideJob);
    }

    /** False when the job was not suspended. */
    boolean resume(long job) {
        return suspended.remove(job) != null;
    }

    /** Nodes of the jobs suspended for {@code wideJob} that it has not borrowed yet; {@code running} gives each job's nodes. */
    int lendable(long wideJob, Map<Long, Integer> running) {
        int nodes = 0;
        for (Map.Entry<Long, Long> e : suspended.entrySet()) {
            if (e.getValue() == wideJob) nodes += running.get(e.getKey()) - lentBy(e.getKey());
        }
        return nodes;
    }

    /** {@code wideJob} borrows {@code nodes} nodes of the jobs suspended for it, in suspension order. */
    void borrow(long wideJob, int nodes, Map<Long, Integer> running) {
        int left = nodes;
        for (Map.Entry<Long, Long> e : suspended.entrySet()) {
            if (left == 0) break;
            if (e.getValue() != wideJob) continue;
            int give = Math.min(left, running.get(e.getKey()) - lentBy(e.getKey()));
            if (give > 0) borrowed.computeIfAbsent(wideJob, w -> new LinkedHashMap<>()).merge(e.getKey(), give, Integer::sum);
            left -= give;
        }
    }

    /** A reservation of {@code wideJob} was aborted: it gives back what it borrowed. */
    void giveBack(long wideJob) {
        borrowed.remove(wideJob);
    }

    /** {@code job} leaves the unit: how many of its nodes stay held by another job of its gang. */
    int keptOnRelease(long job) {
        suspended.remove(job);
        Map<Long, Integer> lenders = borrowed.remove(job);
        if (lenders != null) return lenders.values().stream().mapToInt(Integer::intValue).sum();
        for (Map<Long, Integer> lent : borrowed.values()) {
            Integer nodes = lent.remove(job);
            if (nodes != null) return nodes;
        }
        return 0;
    }

    /** The suspended jobs, in job-id order. */
    SortedSet<Long> suspendedJobs() {
        return new TreeSet<>(suspended.keySet());
    }

    /** Re-synchronisation: {@code wideJob} holds {@code nodes} nodes of {@code lender}'s. */
    void lend(long wideJob, long lender, int nodes) {
        borrowed.computeIfAbsent(wideJob, w -> new LinkedHashMap<>()).put(lender, nodes);
    }

    /** Nodes {@code job} shares with the jobs of {@code known}: those it borrowed from them or lent to them. */
    int sharedWith(long job, Set<Long> known) {
        int nodes = 0;
        Map<Long, Integer> lenders = borrowed.get(job);
        if (lenders != null) for (Map.Entry<Long, Integer> e : lenders.entrySet()) if (known.contains(e.getKey())) nodes += e.getValue();
        for (Map.Entry<Long, Map<Long, Integer>> e : borrowed.entrySet())
            if (known.contains(e.getKey())) nodes += e.getValue().getOrDefault(job, 0);
        return nodes;
    }

    private int lentBy(long lender) {
        int nodes = 0;
        for (Map<Long, Integer> lent : borrowed.values()) nodes += lent.getOrDefault(lender, 0);
        return nodes;
    }
}
