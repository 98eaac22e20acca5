package org.bgctl.scheduler.audit;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.UnitDirectory;

/**
 * Checks that the agents agree with the scheduler: every unit holds exactly what the scheduler's
 * journal says its running and suspended jobs hold there, and has the same jobs suspended; no reservation is left outside a transaction, and every
 * unit is down exactly where the failed components take it. Meant for a settled system (no
 * transaction under way).
 */
public final class AgentAudit {

    private AgentAudit() {
    }

    /** Asks every agent of {@code machine} for its occupancy, in unit order. */
    public static Map<String, Occupancy> collect(ActorSystem<?> system, MachineModel machine, UnitDirectory units,
                                                 Duration timeout) {
        Map<String, CompletableFuture<Occupancy>> asked = new LinkedHashMap<>();
        for (String unit : machine.units())
            asked.put(unit, AskPattern.<UnitProtocol.Command, Occupancy>ask(units.ref(unit), GetOccupancy::new, timeout,
                    system.scheduler()).toCompletableFuture());
        Map<String, Occupancy> answers = new LinkedHashMap<>();
        asked.forEach((unit, answer) -> answers.put(unit, answer.join()));
        return answers;
    }

    /**
     * Where the agents hold something other than what the run's running and suspended jobs hold, have other
     * jobs suspended, or still hold a reservation; one line per unit, empty when they agree.
     */
    public static List<String> holdings(RecordedRun view, Map<String, Occupancy> agents) {
        List<String> differences = new ArrayList<>();
        for (String unit : view.machine().units()) {
            Occupancy o = agents.get(unit);
            if (o == null) {
                differences.add(unit + ": no occupancy from its agent");
                continue;
            }
            if (!o.reserved().isEmpty())
                differences.add(unit + ": holds reservations outside any transaction: " + o.reserved());
            Map<Long, Claim> expected = view.holdings().getOrDefault(unit, new TreeMap<>());
            if (!o.running().equals(expected))
                differences.add(unit + ": the agent runs " + o.running() + ", the journal says " + expected);
            TreeSet<Long> stopped = new TreeSet<>(expected.keySet());
            stopped.retainAll(view.suspended().keySet());
            if (!o.suspended().equals(stopped))
                differences.add(unit + ": the agent has jobs " + o.suspended() + " suspended, the journal says " + stopped);
        }
        return differences;
    }

    /**
     * Where the agents' health differs from {@code down}, the components that should be down (the
     * run's failed components, plus any the scheduler has not yet been told of); one line per unit.
     */
    public static List<String> health(MachineModel machine, Collection<String> down, Map<String, Occupancy> agents) {
        TreeMap<String, TreeSet<String>> downByUnit = new TreeMap<>();
        for (String component : down)
            for (Claim part : machine.componentClaims(component))
                downByUnit.computeIfAbsent(part.unit(), u -> new TreeSet<>()).add(component);
        List<String> differences = new ArrayList<>();
        for (String unit : machine.units()) {
            Occupancy o = agents.get(unit);
            SortedSet<String> expected = downByUnit.getOrDefault(unit, new TreeSet<>());
            if (o != null && !o.down().equals(expected))
                differences.add(unit + ": the agent has " + o.down() + " down, expected " + expected);
        }
        return differences;
    }
}
