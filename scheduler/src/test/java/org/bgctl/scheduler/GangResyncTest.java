package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.SchedulerActor.Advance;
import org.bgctl.scheduler.SchedulerActor.Settled;
import org.bgctl.scheduler.policy.pfcfs.PreemptiveFcfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A scheduler restarted during a gang (preemptive FCFS, x = 50%, δ = 0) recovers from its journal and tells
 * fresh agents which jobs run and which are suspended on them — and, on a node set, how many nodes the wide job
 * borrowed of each — so that the agents hold what they held before the restart, and the gang goes on in step.
 */
class GangResyncTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString(
            "akka.persistence.journal.plugin = \"akka.persistence.journal.inmem\"")
            .withFallback(ConfigFactory.load()));

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void onANodeSetTheWideJobAndTheJobSuspendedForItShareTheBorrowedNodesAgain() {
        // Jobs 1 and 2 (4 nodes) run; wide job 3 (5 nodes) takes the 2 free nodes and borrows 3 of job 1's.
        // When it ends, job 1 resumes and job 4 (2 nodes) takes the nodes freed: the agent agrees.
        Map<String, Occupancy> held = restartDuringGang("flat:10", "gang-resync-flat",
                List.of(of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 4)), of(3, 1, 100, 100, 5),
                new Advance(101, List.of(), List.of(of(4, 101, 50, 50, 2)), null));
        Occupancy nodes = held.get(FlatMachine.NODE_SET);
        assertEquals(List.of(1L, 2L, 4L), List.copyOf(nodes.running().keySet()));
        assertEquals(List.of(), List.copyOf(nodes.suspended()));
    }

    @Test
    void onSupernodesEachUnitHoldsItsRunningAndItsSuspendedJobAgain() {
        // Four jobs of 2 supernodes fill supernode:2x2x2/1; wide job 5 preempts jobs 1 and 2 and runs on their
        // units. When it ends they resume, and job 6 still waits for free units.
        Map<String, Occupancy> held = restartDuringGang("supernode:2x2x2/1", "gang-resync-supernode",
                List.of(of(1, 0, 1000, 1000, 2), of(2, 0, 1000, 1000, 2), of(3, 0, 1000, 1000, 2),
                        of(4, 0, 1000, 1000, 2)), of(5, 1, 100, 100, 4),
                new Advance(101, List.of(), List.of(of(6, 101, 50, 50, 1)), null));
        for (Occupancy o : held.values()) {
            assertEquals(1, o.running().size(), o.toString());
            assertTrue(o.suspended().isEmpty(), o.toString());
        }
    }

    /**
     * Runs {@code jobs} at 0 and {@code wide} at 1 on {@code machine}, restarts the scheduler and its agents,
     * checks that the fresh agents hold what the old ones held, then advances {@code next}; returns what the
     * agents hold then.
     */
    private static Map<String, Occupancy> restartDuringGang(String machine, String id, List<Job> jobs, Job wide,
                                                           Advance next) {
        Map<String, ActorRef<UnitProtocol.Command>> agents = agents(machine);
        ActorRef<SchedulerActor.Command> scheduler = scheduler(machine, id, agents);
        TestProbe<Settled> settled = KIT.createTestProbe();
        scheduler.tell(new Advance(0, List.of(), jobs, settled.getRef()));
        settled.receiveMessage();
        scheduler.tell(new Advance(1, List.of(), List.of(wide), settled.getRef()));
        settled.receiveMessage();
        Map<String, Occupancy> before = occupancies(agents);
        assertTrue(before.values().stream().anyMatch(o -> !o.suspended().isEmpty()), "a job is suspended: " + before);
        KIT.stop(scheduler);

        Map<String, ActorRef<UnitProtocol.Command>> fresh = agents(machine);
        ActorRef<SchedulerActor.Command> restarted = scheduler(machine, id, fresh);
        Map<String, Occupancy> after = occupancies(fresh);
        for (int i = 0; i < 50 && !after.equals(before); i++) {
            settled.expectNoMessage(Duration.ofMillis(20));
            after = occupancies(fresh);
        }
        assertEquals(before, after);
        restarted.tell(new Advance(next.time(), next.health(), next.arrivals(), settled.getRef()));
        settled.receiveMessage();
        return occupancies(fresh);
    }

    private static SchedulerCore core(String machine) {
        return new SchedulerCore(new PreemptiveFcfs(new GangSettings(50, 0, 100, 1, 0)), MachineCatalog.create(machine));
    }

    private static ActorRef<SchedulerActor.Command> scheduler(String machine, String id,
                                                             Map<String, ActorRef<UnitProtocol.Command>> agents) {
        return KIT.spawn(SchedulerActor.create(PersistenceId.ofUniqueId(id), () -> core(machine), agents::get,
                e -> { }, 0));
    }

    private static Map<String, ActorRef<UnitProtocol.Command>> agents(String machine) {
        var model = MachineCatalog.create(machine);
        Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
        for (String unit : model.units()) agents.put(unit, KIT.spawn(UnitAgents.forUnit(model, unit)));
        return agents;
    }

    private static Map<String, Occupancy> occupancies(Map<String, ActorRef<UnitProtocol.Command>> agents) {
        Map<String, Occupancy> held = new TreeMap<>();
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agents.forEach((unit, agent) -> {
            agent.tell(new GetOccupancy(probe.getRef()));
            held.put(unit, probe.receiveMessage());
        });
        return held;
    }
}
