package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;

/**
 * A unit allocated whole, to one partition at a time: a BG/L midplane, or a supernode of Krevat's torus. Occupancy: free, reserved by a
 * transaction, or running a job; health: up, or down while any component that takes it is down
 * (the midplane itself). A reservation must claim all its nodes.
 */
public final class MidplaneAgent extends ExclusiveAgent {

    private final int nodes;
    private final TreeSet<String> down = new TreeSet<>();

    /** The agent of midplane {@code unit}, which has {@code nodes} nodes. */
    public static Behavior<Command> create(String unit, int nodes) {
        return Behaviors.setup(ctx -> new MidplaneAgent(ctx, unit, nodes));
    }

    private MidplaneAgent(ActorContext<Command> context, String unit, int nodes) {
        super(context, unit, 1);
        this.nodes = nodes;
    }

    @Override
    protected String misfit(Claim claim) {
        if (!(claim instanceof NodeClaim n) || !n.unit().equals(unit)) return "a midplane holds its own nodes, not " + claim;
        if (n.nodes() != nodes) return "a midplane is allocated whole: " + n.nodes() + " of its " + nodes + " nodes asked";
        return null;
    }

    @Override
    protected int partsOf(Claim claim) {
        return 1;
    }

    @Override
    protected SortedSet<String> downUnder(Claim claim) {
        return Collections.unmodifiableSortedSet(down);
    }

    @Override
    protected void setHealth(String component, Claim part, boolean up) {
        if (up) down.remove(component);
        else down.add(component);
    }

    @Override
    protected SortedSet<String> down() {
        return new TreeSet<>(down);
    }
}
