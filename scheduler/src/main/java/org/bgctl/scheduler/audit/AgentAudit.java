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
import java.util.concurrent.CompletionStage;
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

    /**
     * What an audit of the agents found: how many agents were asked, and one line per disagreement with the
     * scheduler.
     */
    public record Result(int agents, List<String> mismatches) {

        /** Lines of {@link #examples()}. */
        public static final int EXAMPLES = 5;

        public Result {
            mismatches = List.copyOf(mismatches);
        }

        /** The first few mismatches. */
        public List<String> examples() {
            return mismatches.subList(0, Math.min(EXAMPLES, mismatches.size()));
        }

        /** The {@code agent_audit} object of summary.json and of {@code GET /api/audit}. */
        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("agents", agents);
            m.put("mismatches", mismatches.size());
            m.put("examples", examples());
            return m;
        }

        /** One line saying that the agents disagree, with the first disagreement. */
        public String failure() {
            return "agent audit: " + mismatches.size() + " disagreement(s) between the agents and the scheduler, first: "
                    + mismatches.get(0);
        }
    }

    /**
     * Compares every agent of {@code view}'s machine with {@code view}, the scheduler's own account of the run (its
     * events): holdings, suspensions, reservations left behind, and health.
     */
    public static Result compare(RecordedRun view, Map<String, Occupancy> agents) {
        List<String> mismatches = new ArrayList<>(holdings(view, agents));
        mismatches.addAll(health(view.machine(), view.machine().downComponents(), agents));
        return new Result(view.machine().units().size(), mismatches);
    }

    /**
     * Asks every agent of {@code machine} for its occupancy, in unit order; an agent that does not answer within
     * {@code timeout} is left out (and so reported by {@link #holdings}).
     */
    public static Map<String, Occupancy> collect(ActorSystem<?> system, MachineModel machine, UnitDirectory units,
                                                 Duration timeout) {
        return collect(system, machine.units(), units, timeout);
    }

    /** Asks the agents of {@code unitIds} for their occupancy, in that order, as {@link #collect(ActorSystem, MachineModel, UnitDirectory, Duration)}. */
    public static Map<String, Occupancy> collect(ActorSystem<?> system, Collection<String> unitIds, UnitDirectory units,
                                                 Duration timeout) {
        return ask(system, unitIds, units, timeout).toCompletableFuture().join();
    }

    /**
     * Asks the agents of {@code unitIds} for their occupancy without waiting: completes, in that order, with the
     * answers that came within {@code timeout}.
     */
    public static CompletionStage<Map<String, Occupancy>> ask(ActorSystem<?> system, Collection<String> unitIds,
                                                             UnitDirectory units, Duration timeout) {
        Map<String, CompletableFuture<Occupancy>> asked = new LinkedHashMap<>();
        for (String unit : unitIds)
            asked.put(unit, AskPattern.<UnitProtocol.Command, Occupancy>ask(units.ref(unit), GetOccupancy::new, timeout,
                    system.scheduler()).toCompletableFuture().exceptionally(silent -> null));
        return CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new)).thenApply(all -> {
            Map<String, Occupancy> answers = new LinkedHashMap<>();
            asked.forEach((unit, answer) -> {
                // no answer: holdings() names the unit
                if (answer.join() != null) answers.put(unit, answer.join());
            });
            return answers;
        });
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
