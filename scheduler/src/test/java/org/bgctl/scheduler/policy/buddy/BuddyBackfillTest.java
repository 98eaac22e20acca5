package org.bgctl.scheduler.policy.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.Test;

/** One rule of buddy allocation with EASY backfilling per test, on hand-built workloads. */
class BuddyBackfillTest {

    /** Start time, end time and partition of each job. */
    record Outcome(long start, long end, String partition) {
    }

    static Map<Long, Outcome> run(AllocationScheme scheme, int nodes, List<Job> jobs) {
        Map<Long, JobStarted> started = new TreeMap<>();
        Map<Long, Outcome> outcomes = new TreeMap<>();
        new DirectExecutor(new SchedulerCore(new BuddyBackfill(scheme), new BuddyMachine(nodes)), e -> {
            if (e instanceof JobStarted s) started.put(s.jobId(), s);
            if (e instanceof JobFinished f) {
                JobStarted s = started.get(f.jobId());
                outcomes.put(f.jobId(), new Outcome(s.time(), f.time(), s.allocation().partition()));
            }
        }).run(new Arrivals(jobs.iterator()));
        return outcomes;
    }

    static Job ci(long id, long submit, long run, long estimate, int size, double gain) {
        return Job.of(id, submit, run, estimate, size).withCommunication(Communication.intensive(gain));
    }

    static Job plain(long id, long submit, long run, long estimate, int size) {
        return Job.of(id, submit, run, estimate, size);
    }

    @Test
    void aCommunicationIntensiveJobGetsTheSmallestBuddyThatHoldsIt() {
        var out = run(AllocationScheme.BUDDY, 8, List.of(ci(1, 0, 10, 10, 3, 0)));
        assertEquals("buddy:0-3", out.get(1L).partition());
    }

    @Test
    void otherJobsTakeTheLowestFreeNodesFromTheFreeList() {
        var out = run(AllocationScheme.BUDDY, 8, List.of(ci(1, 0, 10, 10, 1, 0), plain(2, 0, 10, 10, 3)));
        assertEquals("buddy:0", out.get(1L).partition());
        assertEquals("list:1-3", out.get(2L).partition());
    }

    @Test
    void aContiguousBlockShortensACommunicationIntensiveJobByItsGain() {
        var out = run(AllocationScheme.BUDDY, 8, List.of(ci(1, 0, 100, 100, 4, 0.25)));
        assertEquals(new Outcome(0, 75, "buddy:0-3"), out.get(1L));
        var listed = run(AllocationScheme.FREE_LIST, 8, List.of(ci(1, 0, 100, 100, 4, 0.25)));
        assertEquals(new Outcome(0, 100, "list:0-3"), listed.get(1L));
    }

    @Test
    void amongFreeBuddiesTheOneInTheSmallestFreeRegionIsTaken() {
        // 1 holds 0-7 until 10; 2 takes 8-9; once 1 has ended, 0-1 lies in the free 0-7 while
        // 10-11 is alone in 8-11 (8-9 held): 3 takes 10-11, keeping 0-7 whole.
        var out = run(AllocationScheme.BUDDY, 16, List.of(ci(1, 0, 10, 10, 8, 0), ci(2, 0, 100, 100, 2, 0),
                ci(3, 20, 10, 10, 2, 0)));
        assertEquals("buddy:0-7", out.get(1L).partition());
        assertEquals("buddy:8-9", out.get(2L).partition());
        assertEquals("buddy:10-11", out.get(3L).partition());
    }

    @Test
    void withNoBuddyFreeTheOneFreeEarliestIsReservedAndBackfillingLeavesItAlone() {
        // 3 waits for a buddy of 4: 0-3 frees at 100, 4-7 (where 2 runs) at 50, so 3 reserves 4-7 from 50.
        // 4 would run past 50 on nodes 6-7 inside that buddy: it waits. 5 ends by 50: it backfills.
        var out = run(AllocationScheme.BUDDY, 8, List.of(ci(1, 0, 100, 100, 4, 0), plain(2, 0, 50, 50, 2),
                ci(3, 1, 10, 10, 4, 0), plain(4, 2, 1000, 1000, 2), plain(5, 3, 40, 40, 2)));
        assertEquals(new Outcome(50, 60, "buddy:4-7"), out.get(3L));
        assertEquals(new Outcome(3, 43, "list:6-7"), out.get(5L));
        assertEquals(60, out.get(4L).start());
    }

    @Test
    void selectiveBuddyWaitsForABlockWhenThatCompletesEarlier() {
        // At 1, job 3 could run now on nodes 5-7 (done at 101) or wait for buddy 0-3 free at 20
        // and run half as long there (done at 70): it waits for the buddy.
        var out = run(AllocationScheme.SELECTIVE, 8, List.of(plain(1, 0, 20, 20, 4), plain(2, 0, 1000, 1000, 1),
                ci(3, 1, 100, 100, 3, 0.5)));
        assertEquals(new Outcome(20, 70, "buddy:0-3"), out.get(3L));
    }

    @Test
    void selectiveBuddyStartsScatteredNowWhenThatCompletesEarlier() {
        // The same, gaining only 10%: on the buddy it would be done at 110, scattered now at 101.
        var out = run(AllocationScheme.SELECTIVE, 8, List.of(plain(1, 0, 20, 20, 4), plain(2, 0, 1000, 1000, 1),
                ci(3, 1, 100, 100, 3, 0.1)));
        assertEquals(new Outcome(1, 101, "list:5-7"), out.get(3L));
    }

    @Test
    void selectiveBuddyTakesAFreeBuddyNowWhenItGainsAnything() {
        var out = run(AllocationScheme.SELECTIVE, 8, List.of(ci(1, 0, 100, 100, 4, 0.1), ci(2, 0, 100, 100, 4, 0)));
        assertEquals(new Outcome(0, 90, "buddy:0-3"), out.get(1L));
        assertEquals(new Outcome(0, 100, "list:4-7"), out.get(2L));
    }

    @Test
    void theSchemesNeedABuddyMachine() {
        var core = new SchedulerCore(new BuddyBackfill(AllocationScheme.BUDDY), new FlatMachine(8));
        var direct = new DirectExecutor(core, e -> { });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> direct.run(new Arrivals(List.of(plain(1, 0, 1, 1, 1)).iterator())));
        assertEquals("scheduler buddy needs a buddy machine (buddy:N), not flat:8", e.getMessage());
    }
}
