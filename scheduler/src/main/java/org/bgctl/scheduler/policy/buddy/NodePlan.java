package org.bgctl.scheduler.policy.buddy;

import java.util.Arrays;
import org.bgctl.machine.Block;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.buddy.BuddyTree;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;

/**
 * The free time of every node and buddy of a buddy machine during one scheduling pass — the
 * "list of time intervals in which each buddy is free" of Subramani et al., section 3, for EASY
 * backfilling: a node is busy now until the estimated end of the job that holds it, and at most
 * one waiting job holds a reservation from its start time on, either one buddy or (scattered) a
 * number of the nodes free then.
 *
 * <p>Times are seconds. A job of duration d started at t holds its nodes in [t, t+d); the
 * reservation holds [start, start + max(d, 1)), so that even a job estimated at zero seconds keeps
 * its nodes at its start. A node taken by a zero-length job in this pass is busy now but free for
 * the instant's next pass, which is how planning sees it.
 */
final class NodePlan {

    /** The one waiting job that EASY protects: what it holds from {@code start} to {@code end}. */
    private sealed interface Reservation permits BuddyReservation, CountReservation {
        long start();

        long end();
    }

    private record BuddyReservation(int buddy, long start, long end) implements Reservation {
    }

    private record CountReservation(int nodes, long start, long end) implements Reservation {
    }

    private final BuddyTree tree;
    private final long now;
    private final boolean[] busy;
    private final long[] freeAt;
    /** Busy nodes in each buddy. */
    private final int[] busyIn;
    /** The latest free time of a node of each buddy: from then on the whole buddy is free. */
    private final long[] freeFrom;
    private int busyTotal;
    private Reservation reservation;

    /** The plan of {@code machine} at the view's instant, from the running jobs' estimated ends. */
    NodePlan(BuddyMachine machine, SchedulingView view) {
        this.tree = machine.tree();
        this.now = view.now();
        int n = tree.nodes();
        busy = new boolean[n];
        freeAt = new long[n];
        Arrays.fill(freeAt, now);
        busyIn = new int[tree.count()];
        freeFrom = new long[tree.count()];
        for (RunningJob r : view.runningByEstimatedEnd()) {
            long until = Math.max(r.estimatedEnd(), now);
            for (Claim c : r.allocation().claims()) {
                if (!(c instanceof NodeClaim nc) || !BuddyMachine.NODE_SET.equals(nc.unit())) continue;
                for (Block b : nc.blocks()) {
                    for (int i = b.x(); i < b.xEnd(); i++) mark(i, until);
                }
            }
        }
        if (busyTotal != n - machine.freeNodes())
            throw new IllegalStateException("running jobs hold " + busyTotal + " nodes but " + machine.name()
                    + " has " + (n - machine.freeNodes()) + " held");
        for (int b = tree.count() - 1; b >= 0; b--) aggregate(b);
    }

    private void mark(int node, long until) {
        if (!busy[node]) busyTotal++;
        busy[node] = true;
        freeAt[node] = until;
    }

    private void aggregate(int b) {
        int l = tree.left(b);
        if (l < 0) {
            int node = tree.first(b);
            busyIn[b] = busy[node] ? 1 : 0;
            freeFrom[b] = freeAt[node];
        } else {
            int r = tree.right(b);
            busyIn[b] = busyIn[l] + busyIn[r];
            freeFrom[b] = Math.max(freeFrom[l], freeFrom[r]);
        }
    }

    long now() {
        return now;
    }

    boolean reserved() {
        return reservation != null;
    }

    /** Takes {@code nodes} (each free now) until {@code until}. */
    void take(int[] nodes, long until) {
        for (int node : nodes) {
            if (busy[node]) throw new IllegalStateException("node " + node + " is already taken");
            mark(node, until);
            for (int b = tree.leaf(node); b >= 0; b = tree.parent(b)) aggregate(b);
        }
    }

    /** Takes the whole buddy (free now) until {@code until}. */
    void take(int buddy, long until) {
        int[] nodes = new int[tree.size(buddy)];
        for (int k = 0; k < nodes.length; k++) nodes[k] = tree.first(buddy) + k;
        take(nodes, until);
    }

    /** The reservation of {@code buddy} from {@code start} for {@code duration} seconds. */
    void reserve(int buddy, long start, long duration) {
        reservation = new BuddyReservation(buddy, start, start + Math.max(duration, 1));
    }

    /** The reservation of {@code nodes} scattered nodes from {@code start} for {@code duration} seconds. */
    void reserveScattered(int nodes, long start, long duration) {
        reservation = new CountReservation(nodes, start, start + Math.max(duration, 1));
    }

    // ---- contiguous: one buddy -------------------------------------------------------------

    /** Whether a job of {@code duration} seconds can take {@code buddy} now. */
    boolean startsNow(int buddy, long duration) {
        return busyIn[buddy] == 0 && !conflicts(buddy, now, duration);
    }

    /** The earliest time at which {@code buddy} is free for {@code duration} seconds, reservation included. */
    long earliestStart(int buddy, long duration) {
        long t = Math.max(freeFrom[buddy], now);
        return conflicts(buddy, t, duration) ? reservation.end() : t;
    }

    /**
     * The size of the largest buddy around {@code buddy} (itself included) that is wholly free at
     * {@code t}: the smaller, the less a free region is broken up by taking it.
     */
    int enclosingFree(int buddy, long t) {
        int a = buddy;
        for (int p = tree.parent(a); p >= 0 && wholeFree(p, t); p = tree.parent(p)) a = p;
        return tree.size(a);
    }

    private boolean wholeFree(int buddy, long t) {
        return t == now ? busyIn[buddy] == 0 : freeFrom[buddy] <= t;
    }

    private boolean conflicts(int buddy, long t, long duration) {
        if (!overlapsReservation(t, duration)) return false;
        if (reservation instanceof BuddyReservation r) {
            return tree.first(buddy) < tree.end(r.buddy()) && tree.first(r.buddy()) < tree.end(buddy);
        }
        CountReservation r = (CountReservation) reservation;
        return freeBy(r.start(), 0, tree.nodes()) - freeBy(r.start(), tree.first(buddy), tree.end(buddy)) < r.nodes();
    }

    // ---- scattered: any nodes ----------------------------------------------------------------

    /**
     * The lowest-numbered {@code count} nodes that are free now and that a job of {@code duration}
     * seconds may take without delaying the reservation, or null when there are not enough.
     */
    int[] scatteredNow(int count, long duration) {
        if (tree.nodes() - busyTotal < count) return null;
        boolean overlaps = overlapsReservation(now, duration);
        if (overlaps && reservation instanceof CountReservation r
                && freeBy(r.start(), 0, tree.nodes()) - count < r.nodes()) return null;
        int avoidFrom = 0;
        int avoidTo = 0;
        if (overlaps && reservation instanceof BuddyReservation r) {
            avoidFrom = tree.first(r.buddy());
            avoidTo = tree.end(r.buddy());
        }
        int[] nodes = new int[count];
        int n = 0;
        for (int i = 0; i < busy.length && n < count; i++) {
            if (!busy[i] && (i < avoidFrom || i >= avoidTo)) nodes[n++] = i;
        }
        return n == count ? nodes : null;
    }

    /** The earliest time at which {@code count} nodes are free, before any reservation is made. */
    long scatteredEarliestStart(int count) {
        if (reservation != null)
            throw new IllegalStateException("the earliest scattered start is asked before the reservation");
        long[] sorted = freeAt.clone();
        Arrays.sort(sorted);
        return sorted[count - 1];
    }

    private boolean overlapsReservation(long t, long duration) {
        return reservation != null && t < reservation.end() && reservation.start() < t + duration;
    }

    /** Nodes in {@code [from, to)} free by time {@code t}. */
    private int freeBy(long t, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) if (freeAt[i] <= t) n++;
        return n;
    }
}
