package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.Collections;
import java.util.TreeMap;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Restart;

/**
 * A set of interchangeable nodes. It enforces its occupancy locally: it never holds more
 * nodes than it has, refuses a reservation that does not fit, and frees what an aborted
 * transaction held. For a migration it keeps the jobs checkpointed for a transaction, whose
 * nodes that transaction may reserve: they change hands only when it commits.
 */
public final class NodeSetAgent extends AbstractBehavior<Command> {

    /** Nodes reserved for a job, {@code borrowed} of them from jobs checkpointed for the same transaction. */
    private record Hold(long job, int nodes, int borrowed) {
    }

    private final String unit;
    private int free;
    private final TreeMap<Long, Hold> reserved = new TreeMap<>();
    private final TreeMap<Long, Integer> running = new TreeMap<>();
    /** Checkpointed job to the migration transaction it is promised to. */
    private final TreeMap<Long, Long> checkpointed = new TreeMap<>();

    public static Behavior<Command> create(String unit, int capacity) {
        return Behaviors.setup(ctx -> new NodeSetAgent(ctx, unit, capacity));
    }

    private NodeSetAgent(ActorContext<Command> context, String unit, int capacity) {
        super(context);
        this.unit = unit;
        this.free = capacity;
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Reserve.class, this::onReserve)
                .onMessage(Commit.class, this::onCommit)
                .onMessage(Abort.class, this::onAbort)
                .onMessage(Release.class, this::onRelease)
                .onMessage(UnitProtocol.Adopt.class, this::onAdopt)
                .onMessage(Checkpoint.class, this::onCheckpoint)
                .onMessage(Restart.class, this::onRestart)
                .onMessage(GetOccupancy.class, this::onGetOccupancy)
                .build();
    }

    private Behavior<Command> onReserve(Reserve r) {
        if (!(r.claim() instanceof NodeClaim claim)) {
            r.replyTo().tell(new Refused(unit, r.tx(), "a node set holds nodes, not " + r.claim()));
        } else if (reserved.containsKey(r.tx())) {
            r.replyTo().tell(new Refused(unit, r.tx(), "transaction " + r.tx() + " already holds nodes here"));
        } else if (running.containsKey(r.job()) && !isCheckpointedFor(r.job(), r.tx())) {
            r.replyTo().tell(new Refused(unit, r.tx(), "job " + r.job() + " already runs here"));
        } else if (claim.nodes() > free + lendable(r.tx())) {
            r.replyTo().tell(new Refused(unit, r.tx(), claim.nodes() + " nodes asked, " + free + " free"
                    + (lendable(r.tx()) > 0 ? " and " + lendable(r.tx()) + " of jobs leaving" : "")));
        } else {
            int fromFree = Math.min(free, claim.nodes());
            free -= fromFree;
            reserved.put(r.tx(), new Hold(r.job(), claim.nodes(), claim.nodes() - fromFree));
            r.replyTo().tell(new Reserved(unit, r.tx()));
        }
        return this;
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

    private Behavior<Command> onCommit(Commit c) {
        boolean handedOver = false;
        var promised = checkpointed.entrySet().iterator();
        while (promised.hasNext()) {
            var e = promised.next();
            if (e.getValue() != c.tx()) continue;
            free += running.remove(e.getKey());
            promised.remove();
            handedOver = true;
        }
        Hold hold = reserved.remove(c.tx());
        if (hold != null) {
            free -= hold.borrowed();
            running.merge(hold.job(), hold.nodes(), Integer::sum);
        } else if (!handedOver) {
            getContext().getLog().warn("{}: commit of unknown transaction {}", unit, c.tx());
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort a) {
        Hold hold = reserved.remove(a.tx());
        if (hold != null) free += hold.nodes() - hold.borrowed();
        return this;
    }

    private Behavior<Command> onRelease(Release r) {
        Integer nodes = running.remove(r.job());
        checkpointed.remove(r.job());
        if (nodes == null) {
            getContext().getLog().warn("{}: release of job {} that does not run here", unit, r.job());
        } else {
            free += nodes;
        }
        return this;
    }

    private Behavior<Command> onCheckpoint(Checkpoint c) {
        Long promised = checkpointed.get(c.job());
        if (!running.containsKey(c.job())) {
            c.replyTo().tell(new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job() + " does not run here"));
        } else if (promised != null) {
            c.replyTo().tell(new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job()
                    + " is already checkpointed for transaction " + promised));
        } else {
            checkpointed.put(c.job(), c.tx());
            c.replyTo().tell(new Checkpointed(unit, c.tx(), c.job()));
        }
        return this;
    }

    private Behavior<Command> onRestart(Restart r) {
        if (!running.containsKey(r.job())) {
            getContext().getLog().error("{}: restart of job {} that holds no nodes here", unit, r.job());
        } else {
            checkpointed.remove(r.job());
        }
        return this;
    }

    private Behavior<Command> onAdopt(UnitProtocol.Adopt a) {
        if (!(a.claim() instanceof NodeClaim claim)) {
            getContext().getLog().error("{}: cannot adopt {} for job {}", unit, a.claim(), a.job());
        } else if (claim.nodes() > free) {
            getContext().getLog().error("{}: cannot adopt job {} on {} nodes, {} free", unit, a.job(), claim.nodes(), free);
        } else if (running.putIfAbsent(a.job(), claim.nodes()) == null) {
            free -= claim.nodes();
        }
        return this;
    }

    private Behavior<Command> onGetOccupancy(GetOccupancy g) {
        TreeMap<Long, Claim> jobs = new TreeMap<>();
        running.forEach((job, nodes) -> jobs.put(job, new NodeClaim(unit, nodes)));
        TreeMap<Long, Claim> held = new TreeMap<>();
        reserved.forEach((tx, hold) -> held.put(tx, new NodeClaim(unit, hold.nodes())));
        g.replyTo().tell(new Occupancy(unit, Collections.unmodifiableSortedMap(jobs),
                Collections.unmodifiableSortedMap(held), Collections.emptySortedSet()));
        return this;
    }
}
