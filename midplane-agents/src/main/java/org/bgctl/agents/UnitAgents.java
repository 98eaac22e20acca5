package org.bgctl.agents;

import akka.actor.typed.Behavior;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BglIds;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.paragon.ParagonMachine;
import org.bgctl.machine.torus.SupernodeMachine;

/** The agent behavior for each unit of a machine. */
public final class UnitAgents {

    private UnitAgents() {
    }

    /**
     * The behavior of the agent that holds {@code unit} of {@code machine}: a node set for a flat machine's
     * nodes, and one node set of a supernode's nodes for each supernode of a torus (held whole by one job).
     */
    public static Behavior<UnitProtocol.Command> forUnit(MachineModel machine, String unit) {
        if (machine instanceof FlatMachine && FlatMachine.NODE_SET.equals(unit)) {
            return NodeSetAgent.create(unit, machine.capacity());
        }
        if (machine instanceof BuddyMachine buddy && BuddyMachine.NODE_SET.equals(unit)) {
            return NodeSetAgent.create(unit, buddy.newLine());
        }
        if (machine instanceof ParagonMachine paragon && paragon.units().contains(unit)) {
            return NodeSetAgent.create(unit, paragon.newAllocator(unit));
        }
        if (machine instanceof BglMachineModel) {
            int nodes = machine.nodesOf(unit);
            if (BglIds.isMidplane(unit)) return MidplaneAgent.create(unit, nodes);
            if (BglIds.isSwitch(unit)) return SwitchAgent.create(unit);
        }
        if (machine instanceof SupernodeMachine torus && torus.hasUnit(unit)) {
            return NodeSetAgent.create(unit, torus.nodesPerUnit());
        }
        throw new IllegalArgumentException("machine " + machine.name() + " has no unit '" + unit + "'");
    }
}
