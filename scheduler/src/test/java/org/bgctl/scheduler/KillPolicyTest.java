package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;

/**
 * What a failed component does to the jobs it strikes: killed, then requeued at their place in the
 * queue (by submit time) and run again from the beginning, or failed; and which job a flat machine's
 * node belongs to.
 */
class KillPolicyTest {

    private static final Job WIDE = Job.of(1, 0, 100, 100, 4);
    private static final Job SECOND = Job.of(2, 10, 50, 50, 4);

    private static List<SchedulerEvent> run(KillPolicy onKill, List<HealthChange> changes, Job... jobs) {
        List<SchedulerEvent> events = new ArrayList<>();
        RecordedRun audit = new RecordedRun(new FlatMachine(4));
        SchedulerCore core = new SchedulerCore(Policies.create("fcfs"), new FlatMachine(4), 0, onKill);
        new DirectExecutor(core, e -> {
            events.add(e);
            audit.accept(e);
        }).run(new Arrivals(List.of(jobs).iterator()), new ScriptedChanges(changes));
        assertEquals(List.of(), audit.violations());
        return events;
    }

    @Test
    void aRequeuedJobKeepsItsPlaceAheadOfLaterJobsAndRunsAgainFromTheBeginning() {
        List<SchedulerEvent> events = run(KillPolicy.REQUEUE,
                List.of(new HealthChange(30, "node-2", false), new HealthChange(40, "node-2", true)), WIDE, SECOND);
        int killed = events.indexOf(new JobKilled(1, 30, "node-2"));
        assertTrue(killed >= 0, "job 1 is killed: " + events);
        assertEquals(new JobRequeued(WIDE, 30), events.get(killed + 1));
        assertEquals(new ComponentFailed("node-2", 30), events.get(killed + 2));
        List<SchedulerEvent> after = events.subList(killed, events.size());
        // job 2 (submitted at 10) waited behind job 1 and still does: job 1 restarts first, at the repair
        assertEquals(List.of(new JobStarted(1, 40, FlatMachine.allocationOf(4), 0),
                        new JobFinished(1, 140), new JobStarted(2, 140, FlatMachine.allocationOf(4), 0),
                        new JobFinished(2, 190)),
                after.stream().filter(e -> e instanceof JobStarted || e instanceof JobFinished).toList());
        assertTrue(after.contains(new ComponentRepaired("node-2", 40)));
    }

    @Test
    void aFailedJobEndsAtTheKillAndDoesNotComeBack() {
        List<SchedulerEvent> events = run(KillPolicy.FAIL,
                List.of(new HealthChange(30, "node-2", false), new HealthChange(40, "node-2", true)), WIDE, SECOND);
        assertTrue(events.contains(new JobKilled(1, 30, "node-2")));
        assertTrue(events.stream().noneMatch(e -> e instanceof JobRequeued));
        assertEquals(1, events.stream().filter(e -> e instanceof JobStarted s && s.jobId() == 1).count());
        assertTrue(events.contains(new JobStarted(2, 40, FlatMachine.allocationOf(4), 0)), "job 2 runs after the repair");
    }

    @Test
    void requeuedJobsGoBackInSubmitOrderWhateverOrderTheyWereKilledIn() {
        SchedulerCore core = new SchedulerCore(Policies.create("fcfs"), new FlatMachine(4), 0, KillPolicy.REQUEUE);
        Job late = Job.of(7, 20, 100, 100, 1);
        Job early = Job.of(9, 5, 100, 100, 1);
        Job waiting = Job.of(8, 10, 100, 100, 4);
        assertThrows(IllegalStateException.class, () -> core.apply(new JobStarted(7, 20, FlatMachine.allocationOf(1), 0)),
                "job 7 is not queued yet");
        for (Job j : List.of(early, waiting, late)) core.apply(new JobSubmitted(j));
        core.apply(new JobStarted(9, 21, FlatMachine.allocationOf(1), 0));
        core.apply(new JobStarted(7, 22, FlatMachine.allocationOf(1), 0));
        // node-1 is the second up node: the packing (start, id) puts job 9 on node-0 and job 7 on node-1
        core.failure("node-1", 30).forEach(core::apply);
        core.failure("node-0", 31).forEach(core::apply);
        assertEquals(List.of(9L, 8L, 7L), core.queue().stream().map(Job::id).toList(),
                "queue by submit time: 9 (5), 8 (10), 7 (20)");
    }

    @Test
    void aFlatNodeStrikesTheJobPackedOnItsPlaceAmongTheUpNodesOrNoneWhenFree() {
        FlatMachine flat = new FlatMachine(8);
        RunningJob first = new RunningJob(Job.of(5, 0, 10, 10, 3), 0, FlatMachine.allocationOf(3));
        RunningJob second = new RunningJob(Job.of(3, 0, 10, 10, 2), 1, FlatMachine.allocationOf(2));
        flat.allocate(first.allocation());
        flat.allocate(second.allocation());
        Set<RunningJob> running = Set.of(first, second);
        assertEquals(List.of(first), Victims.of(flat, "node-2", running));
        assertEquals(List.of(second), Victims.of(flat, "node-3", running));
        assertEquals(List.of(), Victims.of(flat, "node-5", running), "nodes 5 to 7 are free");
        flat.setHealth("node-0", false);
        assertEquals(List.of(first), Victims.of(flat, "node-3", running), "node-3 is now the third up node");
        assertEquals(List.of(second), Victims.of(flat, "node-4", running), "node-4 is now the fourth up node");
        assertEquals(List.of(), Victims.of(flat, "node-0", running), "a node already down strikes nobody");
        assertThrows(IllegalArgumentException.class, () -> Victims.of(flat, "node-8", running));
        assertThrows(IllegalArgumentException.class, () -> Victims.of(flat, "mp-R000", running));
    }
}
