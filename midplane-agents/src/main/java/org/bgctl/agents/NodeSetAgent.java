package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.bgctl.machine.NodeAllocator;
import org.bgctl.machine.NodeClaim;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.Reserved;

/**
 * A set of nodes. It enforces its occupancy locally: it never holds more nodes than it has,
 * refuses a reservation that does not fit, and frees what an aborted transaction held. A node
 * set whose nodes have positions (a buddy line, a Paragon mesh) also keeps its own allocator and
 * holds exactly the nodes each claim names, refusing a claim on a node already held.
 */
public final class NodeSetAgent extends AbstractBehavior<Command> {

    private record Hold(long job, int nodes) {
    }

    private final String unit;
    private final int capacity;
    private int free;
    private final TreeMap<Long, Hold> reserved = new TreeMap<>();
    private final TreeMap<Long, Integer> running = new TreeMap<>();
    /** Which nodes are held, when claims name them; null for interchangeable nodes. */
    private final NodeAllocator positions;
    private final TreeMap<Long, NodeClaim> placedByTx = new TreeMap<>();
    private final TreeMap<Long, List<NodeClaim>> placedByJob = new TreeMap<>();

    /** A set of {@code capacity} interchangeable nodes. */
    public static Behavior<Command> create(String unit, int capacity) {
        return Behaviors.setup(ctx -> new NodeSetAgent(ctx, unit, capacity, null));
    }

    /** A set of nodes with positions, held with {@code allocator} (all free at the start). */
    public static Behavior<Command> create(String unit, NodeAllocator allocator) {
        return Behaviors.setup(ctx -> new NodeSetAgent(ctx, unit, allocator.capacity(), allocator));
    }

    private NodeSetAgent(ActorContext<Command> context, String unit, int capacity, NodeAllocator positions) {
        super(context);
        this.unit = unit;
        this.capacity = capacity;
        this.free = capacity;
        this.positions = positions;
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Reserve.class, this::onReserve)
                .onMessage(Commit.class, this::onCommit)
                .onMessage(Abort.class, this::onAbort)
                .onMessage(Release.class, this::onRelease)
                .onMessage(UnitProtocol.Adopt.class, this::onAdopt)
                .onMessage(GetOccupancy.class, this::onGetOccupancy)
                .build();
    }

    private Behavior<Command> onReserve(Reserve r) {
        if (!(r.claim() instanceof NodeClaim claim)) {
            r.replyTo().tell(new Refused(unit, r.tx(), "a node set holds nodes, not " + r.claim()));
        } else if (reserved.containsKey(r.tx())) {
            r.replyTo().tell(new Refused(unit, r.tx(), "transaction " + r.tx() + " already holds nodes here"));
        } else if (running.containsKey(r.job())) {
            r.replyTo().tell(new Refused(unit, r.tx(), "job " + r.job() + " already runs here"));
        } else if (claim.nodes() > free) {
            r.replyTo().tell(new Refused(unit, r.tx(), claim.nodes() + " nodes asked, " + free + " free"));
        } else if (positionConflict(claim).isPresent()) {
            r.replyTo().tell(new Refused(unit, r.tx(), positionConflict(claim).get()));
        } else {
            free -= claim.nodes();
            reserved.put(r.tx(), new Hold(r.job(), claim.nodes()));
            place(r.tx(), claim);
            r.replyTo().tell(new Reserved(unit, r.tx()));
        }
        return this;
    }

    private Behavior<Command> onCommit(Commit c) {
        Hold hold = reserved.remove(c.tx());
        if (hold == null) {
            getContext().getLog().warn("{}: commit of unknown transaction {}", unit, c.tx());
        } else {
            running.merge(hold.job(), hold.nodes(), Integer::sum);
            commitPlaced(c.tx(), hold.job());
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort a) {
        Hold hold = reserved.remove(a.tx());
        if (hold != null) free += hold.nodes();
        unplace(placedByTx.remove(a.tx()));
        return this;
    }

    private Behavior<Command> onRelease(Release r) {
        Integer nodes = running.remove(r.job());
        if (nodes == null) {
            getContext().getLog().warn("{}: release of job {} that does not run here", unit, r.job());
        } else {
            free += nodes;
            List<NodeClaim> placed = placedByJob.remove(r.job());
            if (placed != null) placed.forEach(this::unplace);
        }
        return this;
    }

    private Behavior<Command> onAdopt(UnitProtocol.Adopt a) {
        if (!(a.claim() instanceof NodeClaim claim)) {
            getContext().getLog().error("{}: cannot adopt {} for job {}", unit, a.claim(), a.job());
        } else if (claim.nodes() > free) {
            getContext().getLog().error("{}: cannot adopt job {} on {} nodes, {} free", unit, a.job(), claim.nodes(), free);
        } else if (!running.containsKey(a.job()) && positionConflict(claim).isPresent()) {
            getContext().getLog().error("{}: cannot adopt job {} on {}: {}", unit, a.job(), claim,
                    positionConflict(claim).get());
        } else if (running.putIfAbsent(a.job(), claim.nodes()) == null) {
            free -= claim.nodes();
            if (positions != null) {
                positions.take(claim);
                placedByJob.computeIfAbsent(a.job(), j -> new ArrayList<>()).add(claim);
            }
        }
        return this;
    }

    private Behavior<Command> onGetOccupancy(GetOccupancy g) {
        TreeMap<Long, Integer> held = new TreeMap<>();
        reserved.forEach((tx, hold) -> held.put(tx, hold.nodes()));
        g.replyTo().tell(new Occupancy(unit, capacity, free,
                Collections.unmodifiableSortedMap(new TreeMap<>(running)),
                Collections.unmodifiableSortedMap(held)));
        return this;
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
