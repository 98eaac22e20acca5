package org.bgctl.agents;

import akka.actor.typed.Behavior;
import akka.actor.typed.SupervisorStrategy;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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
     * {@code agent} restarted by supervision when it throws: it starts again empty — nothing held, nothing
     * down — and {@code onRestart} is told its unit, so that whoever knows what the unit holds (the
     * scheduler) sends it again ({@link UnitProtocol.Adopt}, {@link UnitProtocol.SetHealth}). Spawn the
     * returned behavior once.
     */
    public static Behavior<UnitProtocol.Command> supervised(Behavior<UnitProtocol.Command> agent, String unit,
                                                            Consumer<String> onRestart) {
        AtomicBoolean started = new AtomicBoolean();
        return Behaviors.supervise(Behaviors.setup((ActorContext<UnitProtocol.Command> ctx) -> {
            if (started.getAndSet(true)) {
                ctx.getLog().warn("{}: restarted after a failure; asking for its holdings again", unit);
                onRestart.accept(unit);
            }
            return agent;
        })).onFailure(SupervisorStrategy.restart());
    }

    /**
     * The behavior of the agent that holds {@code unit} of {@code machine}: a node set for a flat machine's
     * nodes (and a buddy line's, and each Paragon node set), and a whole unit for each BG/L midplane and for
     * each supernode of a torus, which one job holds whole, as a midplane; a switch for each BG/L switch, held as
     * the machine's switch model says.
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
        if (machine instanceof BglMachineModel bgl) {
            int nodes = machine.nodesOf(unit);
            if (BglIds.isMidplane(unit)) return MidplaneAgent.create(unit, nodes);
            if (BglIds.isSwitch(unit)) return SwitchAgent.create(unit, bgl.machine().switchModel());
        }
        if (machine instanceof SupernodeMachine torus && torus.hasUnit(unit)) {
            return MidplaneAgent.create(unit, torus.nodesPerUnit());
        }
        throw new IllegalArgumentException("machine " + machine.name() + " has no unit '" + unit + "'");
    }
}
