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
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.Reserved;

/**
 * A set of interchangeable nodes. It enforces its occupancy locally: it never holds more
 * nodes than it has, refuses a reservation that does not fit, and frees what an aborted
 * transaction held.
 */
public final class NodeSetAgent extends AbstractBehavior<Command> {

    private record Hold(long job, int nodes) {
    }

    private final String unit;
    private int free;
    private final TreeMap<Long, Hold> reserved = new TreeMap<>();
    private final TreeMap<Long, Integer> running = new TreeMap<>();

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
        } else {
            free -= claim.nodes();
            reserved.put(r.tx(), new Hold(r.job(), claim.nodes()));
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
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort a) {
        Hold hold = reserved.remove(a.tx());
        if (hold != null) free += hold.nodes();
        return this;
    }

    private Behavior<Command> onRelease(Release r) {
        Integer nodes = running.remove(r.job());
        if (nodes == null) {
            getContext().getLog().warn("{}: release of job {} that does not run here", unit, r.job());
        } else {
            free += nodes;
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
