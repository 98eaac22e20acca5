package org.bgctl.agents;

import akka.actor.typed.Behavior;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.paragon.ParagonMachine;

/** The agent behavior for each allocation unit of a machine. */
public final class UnitAgents {

    private UnitAgents() {
    }

    /** The behavior of the agent that holds {@code unit} of {@code machine}. */
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
        throw new IllegalArgumentException("machine " + machine.name() + " has no unit '" + unit + "'");
    }
}
