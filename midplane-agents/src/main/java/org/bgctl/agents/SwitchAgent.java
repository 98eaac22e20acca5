package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.machine.Claim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.bgl.SwitchModel;

/**
 * A BG/L switch with its six ports (0 and 1 to its own midplane, 2 and 4 out to cables, 3 and 5 in
 * from cables). Each port is free, reserved by a partition's transaction, used by its job, or down (the
 * switch failed, or the cable on that port). A reservation claims a set of ports and is refused when a
 * claimed port is down. With {@link SwitchModel#PORTS} the switch serves several partitions on disjoint
 * ports, and a reservation is refused only while another partition holds one of the ports it claims; with
 * {@link SwitchModel#WHOLE} it serves one partition at a time — the one holding its midplane, or one passing
 * through it — and a reservation is refused while another partition holds any port.
 */
public final class SwitchAgent extends ExclusiveAgent {

    /** The number of ports of a switch. */
    public static final int PORTS = 6;

    private final SwitchModel model;
    /** Per port, the failed components that take it: the switch itself, or the cable on the port. */
    private final TreeSet<String>[] down;

    /** The agent of switch {@code unit}, held port by port. */
    public static Behavior<Command> create(String unit) {
        return create(unit, SwitchModel.PORTS);
    }

    /** The agent of switch {@code unit}, held as {@code model} says. */
    public static Behavior<Command> create(String unit, SwitchModel model) {
        return Behaviors.setup(ctx -> new SwitchAgent(ctx, unit, model));
    }

    @SuppressWarnings("unchecked")
    private SwitchAgent(ActorContext<Command> context, String unit, SwitchModel model) {
        super(context, unit, model == SwitchModel.PORTS ? PORTS : 1);
        this.model = model;
        down = new TreeSet[PORTS];
        for (int p = 0; p < PORTS; p++) down[p] = new TreeSet<>();
    }

    @Override
    protected String misfit(Claim claim) {
        if (!(claim instanceof PortClaim p) || !p.unit().equals(unit)) return "a switch holds its own ports, not " + claim;
        if (p.ports() <= 0 || p.ports() >= 1 << PORTS) return "no such ports: mask " + Integer.toBinaryString(p.ports());
        return null;
    }

    @Override
    protected int partsOf(Claim claim) {
        return model == SwitchModel.PORTS ? ((PortClaim) claim).ports() : 1;
    }

    @Override
    protected SortedSet<String> downUnder(Claim claim) {
        int ports = ((PortClaim) claim).ports();
        TreeSet<String> under = new TreeSet<>();
        for (int p = 0; p < PORTS; p++) if ((ports >> p & 1) != 0) under.addAll(down[p]);
        return under;
    }

    @Override
    protected void setHealth(String component, Claim part, boolean up) {
        int ports = ((PortClaim) part).ports();
        for (int p = 0; p < PORTS; p++) {
            if ((ports >> p & 1) == 0) continue;
            if (up) down[p].remove(component);
            else down[p].add(component);
        }
    }

    @Override
    protected SortedSet<String> down() {
        return downUnder(new PortClaim(unit, (1 << PORTS) - 1));
    }
}
