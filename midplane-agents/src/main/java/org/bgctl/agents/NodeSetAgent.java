package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeAllocator;
import org.bgctl.machine.NodeClaim;

/**
 * A set of nodes. It enforces its occupancy locally: it never holds more nodes than it has,
 * refuses a reservation that does not fit, and frees what an aborted transaction held. A node
 * set whose nodes have positions (a buddy line, a Paragon mesh) also keeps its own allocator and
 * holds exactly the nodes each claim names, refusing a claim on a node already held. For a
 * migration it keeps the jobs checkpointed for a transaction, whose nodes that transaction may
 * reserve: they change hands only when it commits. For gang scheduling it keeps the suspended jobs, whose
 * nodes the wide job they were suspended for shares ({@link GangLedger}).
 *
 * <p>Health, for a set of interchangeable nodes: a node that goes down ({@link SetHealth}) is taken from
 * the free nodes — the scheduler releases the job it killed first — and comes back to them when up again.
 */
public final class NodeSetAgent extends UnitAgent {

    /**
     * Nodes reserved for a job, {@code borrowed} of them from jobs checkpointed for the same transaction and
     * {@code shared} from jobs suspended for it (gang scheduling), which keep them.
     */
    private record Hold(long job, int nodes, int borrowed, int shared) {
    }

    private int free;
    private final TreeMap<Long, Hold> reserved = new TreeMap<>();
    private final TreeMap<Long, Integer> running = new TreeMap<>();
    /** Which nodes are held, when claims name them; null for interchangeable nodes. */
    private final NodeAllocator positions;
    private final TreeMap<Long, NodeClaim> placedByTx = new TreeMap<>();
    private final TreeMap<Long, List<NodeClaim>> placedByJob = new TreeMap<>();
    /** Checkpointed job to the migration transaction it is promised to. */
    private final TreeMap<Long, Long> checkpointed = new TreeMap<>();
    /** The failed components that take nodes of this set. */
    private final TreeSet<String> down = new TreeSet<>();
    /** Suspended jobs and the nodes wide jobs borrowed from them. */
    private final GangLedger gangs = new GangLedger();

    /** A set of {@code capacity} interchangeable nodes. */
    public static Behavior<Command> create(String unit, int capacity) {
        return Behaviors.setup(ctx -> new NodeSetAgent(ctx, unit, capacity, null));
    }

    /** A set of nodes with positions, held with {@code allocator} (all free at the start). */
    public static Behavior<Command> create(String unit, NodeAllocator allocator) {
        return Behaviors.setup(ctx -> new NodeSetAgent(ctx, unit, allocator.capacity(), allocator));
    }

    private NodeSetAgent(ActorContext<Command> context, String unit, int capacity, NodeAllocator positions) {
        super(context, unit);
        this.free = capacity;
        this.positions = positions;
    }

    @Override
    protected ReserveReply reserve(Reserve r) {
        if (!(r.claim() instanceof NodeClaim claim))
            return new Refused(unit, r.tx(), "a node set holds nodes, not " + r.claim());
        if (reserved.containsKey(r.tx()))
            return new Refused(unit, r.tx(), "transaction " + r.tx() + " already holds nodes here");
        if (running.containsKey(r.job()) && !isCheckpointedFor(r.job(), r.tx()))
            return new Refused(unit, r.tx(), "job " + r.job() + " already runs here");
        if (claim.nodes() > free + lendable(r.tx()) + gangs.lendable(r.job(), running)) {
            return new Refused(unit, r.tx(), claim.nodes() + " nodes asked, " + free + " free"
                    + (lendable(r.tx()) > 0 ? " and " + lendable(r.tx()) + " of jobs leaving" : "")
                    + (gangs.lendable(r.job(), running) > 0
                            ? " and " + gangs.lendable(r.job(), running) + " of jobs suspended for it" : ""));
        }
        if (positionConflict(claim).isPresent()) return new Refused(unit, r.tx(), positionConflict(claim).get());
        int fromFree = Math.min(free, claim.nodes());
        free -= fromFree;
        int shared = Math.min(claim.nodes() - fromFree, gangs.lendable(r.job(), running));
        gangs.borrow(r.job(), shared, running);
        reserved.put(r.tx(), new Hold(r.job(), claim.nodes(), claim.nodes() - fromFree - shared, shared));
        place(r.tx(), claim);
        return new Reserved(unit, r.tx());
    }

    private boolean isCheckpointedFor(long job, long tx) {
        Long promised = checkpointed.get(job);
        return promised != null && promised == tx;
    }

    /** Nodes of the jobs checkpointed for {@code tx}: a reservation of the same transaction may take them. */
    private int lendable(long tx) {
        int nodes = 0;
        for (var e : checkpointed.entrySet()) if (e.getValue() == tx) nodes += running.get(e.getKey());
        return nodes;
    }

    @Override
    protected String commit(long tx) {
        boolean handedOver = false;
        var promised = checkpointed.entrySet().iterator();
        while (promised.hasNext()) {
            var e = promised.next();
            if (e.getValue() != tx) continue;
            free += running.remove(e.getKey());
            List<NodeClaim> placed = placedByJob.remove(e.getKey());
            if (placed != null) placed.forEach(this::unplace);
            promised.remove();
            handedOver = true;
        }
        Hold hold = reserved.remove(tx);
        if (hold != null) {
            free -= hold.borrowed();
            running.merge(hold.job(), hold.nodes(), Integer::sum);
            commitPlaced(tx, hold.job());
        }
        return hold != null || handedOver ? null : "transaction " + tx + " holds nothing here";
    }

    @Override
    protected void abort(long tx) {
        Hold hold = reserved.remove(tx);
        if (hold != null) free += hold.nodes() - hold.borrowed() - hold.shared();
        if (hold != null && hold.shared() > 0) gangs.giveBack(hold.job());
        unplace(placedByTx.remove(tx));
    }

    @Override
    protected String release(long job) {
        Integer nodes = running.remove(job);
        checkpointed.remove(job);
        if (nodes == null) return "job " + job + " does not run here";
        free += nodes - gangs.keptOnRelease(job);
        List<NodeClaim> placed = placedByJob.remove(job);
        if (placed != null) placed.forEach(this::unplace);
        return null;
    }

    @Override
    protected CheckpointReply checkpoint(Checkpoint c) {
        Long promised = checkpointed.get(c.job());
        if (!running.containsKey(c.job()))
            return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job() + " does not run here");
        if (promised != null) return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job()
                + " is already checkpointed for transaction " + promised);
        if (gangs.suspendedJobs().contains(c.job()))
            return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job() + " is suspended");
        checkpointed.put(c.job(), c.tx());
        return new Checkpointed(unit, c.tx(), c.job());
    }

    @Override
    protected String restart(long job) {
        if (!running.containsKey(job)) return "job " + job + " holds no nodes here";
        checkpointed.remove(job);
        return null;
    }

    @Override
    protected SuspendReply suspend(Suspend s) {
        String refusal = gangs.refusal(s.job(), s.resuming(), running.containsKey(s.job()));
        if (refusal == null && checkpointed.containsKey(s.job()))
            refusal = "job " + s.job() + " is checkpointed for transaction " + checkpointed.get(s.job());
        if (refusal != null) return new SuspendRefused(unit, s.tx(), s.job(), refusal);
        gangs.suspend(s.job(), s.wideJob());
        return new Suspended(unit, s.tx(), s.job());
    }

    @Override
    protected String resume(long job) {
        if (gangs.resume(job) || running.containsKey(job)) return null;
        return "job " + job + " is neither suspended nor running here";
    }

    @Override
    protected void adoptSuspended(UnitProtocol.AdoptSuspended a) {
        if (gangs.suspendedJobs().contains(a.job())) return;
        adopt(a.job(), a.claim());
        if (running.containsKey(a.job())) gangs.suspend(a.job(), a.wideJob());
    }

    @Override
    protected void adoptLoan(UnitProtocol.AdoptLoan a) {
        gangs.lend(a.wideJob(), a.lender(), a.nodes());
    }

    @Override
    protected void adopt(UnitProtocol.Adopt a) {
        adopt(a.job(), a.claim());
    }

    /** Takes the nodes of {@code job}'s claim, less those it shares with a job of its gang already adopted. */
    private void adopt(long job, Claim c) {
        int shared = gangs.sharedWith(job, running.keySet());
        if (!(c instanceof NodeClaim claim)) {
            getContext().getLog().error("{}: cannot adopt {} for job {}", unit, c, job);
        } else if (running.containsKey(job)) {
            getContext().getLog().debug("{}: job {} adopted again; known already", unit, job);
        } else if (claim.nodes() - shared > free) {
            getContext().getLog().error("{}: cannot adopt job {} on {} nodes, {} free", unit, job, claim.nodes() - shared, free);
        } else if (positionConflict(claim).isPresent()) {
            getContext().getLog().error("{}: cannot adopt job {} on {}: {}", unit, job, claim,
                    positionConflict(claim).get());
        } else {
            running.put(job, claim.nodes());
            free -= claim.nodes() - shared;
            if (positions != null) {
                positions.take(claim);
                placedByJob.computeIfAbsent(job, j -> new ArrayList<>()).add(claim);
            }
        }
    }

    @Override
    protected void setHealth(SetHealth h) {
        if (positions != null || !(h.part() instanceof NodeClaim claim) || !claim.unit().equals(unit)) {
            getContext().getLog().error("{}: health of {} on {} ignored: only interchangeable nodes of this set can fail",
                    unit, h.component(), h.part());
        } else if (h.up()) {
            if (down.remove(h.component())) free += claim.nodes();
        } else if (!down.contains(h.component())) {
            if (claim.nodes() > free) {
                getContext().getLog().error("{}: {} went down while all but {} of its nodes are held", unit,
                        h.component(), free);
            } else {
                down.add(h.component());
                free -= claim.nodes();
            }
        }
    }

    @Override
    protected Occupancy occupancy() {
        TreeMap<Long, Claim> jobs = new TreeMap<>();
        running.forEach((job, nodes) -> jobs.put(job, heldClaim(job, nodes)));
        TreeMap<Long, Claim> held = new TreeMap<>();
        reserved.forEach((tx, hold) -> held.put(tx, new NodeClaim(unit, hold.nodes())));
        return new Occupancy(unit, Collections.unmodifiableSortedMap(jobs),
                Collections.unmodifiableSortedMap(held), Collections.unmodifiableSortedSet(new TreeSet<>(down)),
                Collections.unmodifiableSortedSet(gangs.suspendedJobs()));
    }

    /**
     * What {@code job} holds here, as the scheduler's allocation claimed it: on a set of nodes with positions the claim
     * it committed, whose blocks name the nodes (an audit then compares the very nodes, and a claim told apart from
     * the journal's only by its blocks is no disagreement); else, or when its nodes came in several claims, their count.
     */
    private NodeClaim heldClaim(long job, int nodes) {
        List<NodeClaim> placed = placedByJob.get(job);
        if (placed != null && placed.size() == 1 && placed.get(0).nodes() == nodes) return placed.get(0);
        return new NodeClaim(unit, nodes);
    }

    private Optional<String> positionConflict(NodeClaim claim) {
        return positions == null ? Optional.empty() : positions.conflict(claim);
    }

    /** Takes the claim's nodes for transaction {@code tx}. */
    private void place(long tx, NodeClaim claim) {
        if (positions == null) return;
        positions.take(claim);
        placedByTx.put(tx, claim);
    }

    /** The nodes held for transaction {@code tx} now run job {@code job}. */
    private void commitPlaced(long tx, long job) {
        NodeClaim claim = placedByTx.remove(tx);
        if (claim != null) placedByJob.computeIfAbsent(job, j -> new ArrayList<>()).add(claim);
    }

    private void unplace(NodeClaim claim) {
        if (claim != null) positions.give(claim);
    }
}
