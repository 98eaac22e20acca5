package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.NodeClaim;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.policy.Fcfs;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.Policy;
import org.junit.jupiter.api.Test;

/** Reservations, one rule a test, on flat:4 and on the 4x2x2 test machine of midplanes. */
class ReservationGuardTest {

    private static final List<String> FLAT_POLICIES = List.of("fcfs", "easy", "conservative");

    private static Reservation all(long start, long end) {
        return new Reservation("maint", start, end, 4, List.of(), true);
    }

    private static ScheduleRecorder run(String policy, MachineModel machine, Reservations windows, Job... jobs) {
        ScheduleRecorder recorder = new ScheduleRecorder();
        SchedulerCore core = new SchedulerCore(Policies.create(policy), machine);
        core.reserve(windows);
        new DirectExecutor(core, recorder).run(new Arrivals(List.of(jobs).iterator()));
        return recorder;
    }

    @Test
    void aMaintenanceWindowDrainsTheMachine() {
        for (String policy : FLAT_POLICIES) {
            ScheduleRecorder r = run(policy, new FlatMachine(4), new Reservations(List.of(all(100, 200))),
                    Job.of(1, 0, 50, 50, 4),
                    Job.of(2, 60, 60, 60, 2),   // would run into the window: waits for its end
                    Job.of(3, 60, 30, 30, 2));  // ends by its start: backfilled before it, but FCFS keeps order
            long third = policy.equals("fcfs") ? 200 : 60;
            assertEquals(Map.of(1L, 0L, 2L, 200L, 3L, third), r.starts(), policy);
        }
    }

    @Test
    void nothingStartsDuringAWindowAndWhatWaitsStartsAtItsEnd() {
        for (String policy : FLAT_POLICIES) {
            ScheduleRecorder r = run(policy, new FlatMachine(4), new Reservations(List.of(all(100, 200))),
                    Job.of(1, 150, 10, 10, 1));
            assertEquals(Map.of(1L, 200L), r.starts(), policy);
        }
    }

    @Test
    void aNodeCountIsLeftFreeAtTheWindowStartCountingTheJobsStillRunning() {
        Reservations two = new Reservations(List.of(new Reservation("two", 100, 200, 2, List.of(), false)));
        for (String policy : FLAT_POLICIES) {
            ScheduleRecorder r = run(policy, new FlatMachine(4), two,
                    Job.of(1, 0, 500, 500, 2),  // 2 nodes through the window: the window keeps the other 2
                    Job.of(2, 0, 500, 500, 1),  // a third node at 100 is one too many: after the window
                    Job.of(3, 0, 50, 50, 1));   // done by 100 (FCFS keeps it behind job 2)
            long third = policy.equals("fcfs") ? 200 : 0;
            assertEquals(Map.of(1L, 0L, 2L, 200L, 3L, third), r.starts(), policy);
        }
    }

    @Test
    void easyReservesTheBlockedHeadAfterTheWindowAndBackfillsAroundBoth() {
        // flat:4, window [100, 200) of 4 nodes; job 1 runs on all 4 until 50. The head (job 2, 4 nodes, 100 s)
        // cannot end before the window: it is reserved at 200. Job 3 (1 node, 300 s) would cross the window;
        // job 4 (1 node, 40 s) fits at 50 before the window, job 5 (1 node, 60 s) does not.
        ScheduleRecorder r = run("easy", new FlatMachine(4), new Reservations(List.of(all(100, 200))),
                Job.of(1, 0, 50, 50, 4),
                Job.of(2, 10, 100, 100, 4),
                Job.of(3, 10, 300, 300, 1),
                Job.of(4, 10, 40, 40, 1),
                Job.of(5, 10, 60, 60, 1));
        assertEquals(Map.of(1L, 0L, 2L, 200L, 3L, 300L, 4L, 50L, 5L, 300L), r.starts());
    }

    @Test
    void aJobIsPlacedAwayFromReservedMidplanesWhenItWouldOverlapTheirWindow() {
        Shape column = new Shape(1, 2, 2);
        MachineModel machine = MachineCatalog.create("small-bgl");
        // column x=0 reserved from 50 to 1000
        Reservations x0 = new Reservations(List.of(new Reservation("x0", 50, 1000, 4 * 512,
                List.of("mp-R000", "mp-R001", "mp-R010", "mp-R011"), false)));
        for (String policy : List.of("fcfs", "easy")) {
            ScheduleRecorder r = run(policy, machine.copy(), x0,
                    columnJob(1, 0, 100, column),  // would hold x=0 into the window: placed elsewhere
                    columnJob(2, 0, 10, column));  // done by 50: x=0 is fine
            assertEquals(Map.of(1L, 0L, 2L, 0L), r.starts(), policy);
            assertFalse(r.partitions().get(1L).startsWith("R000"), policy + ": " + r.partitions());
            assertTrue(r.partitions().get(2L).startsWith("R000"), policy + ": " + r.partitions());
        }
    }

    @Test
    void onMachinesWithoutComponentsThatFailAJobIsPlacedAwayFromReservedUnits() {
        // supernode sn-0.0.0, or Paragon node set ns-1, reserved from 50 to 1000: a job that would hold it into the
        // window starts at once on another unit, as on midplanes
        for (String spec : List.of("supernode:2x2x2/1", "paragon-sdsc")) {
            MachineModel machine = MachineCatalog.create(spec);
            String unit = machine.units().get(0);
            Reservations one = new Reservations(List.of(new Reservation("one", 50, 1000, machine.nodesOf(unit),
                    List.of(unit), false)));
            for (String policy : List.of("fcfs", "easy")) {
                ScheduleRecorder r = run(policy, machine.copy(), one, Job.of(1, 0, 100, 100, 1));
                assertEquals(Map.of(1L, 0L), r.starts(), spec + " " + policy);
                assertFalse(r.partitions().get(1L).contains(unit.startsWith("sn-") ? "@0.0.0" : unit),
                        spec + " " + policy + ": " + r.partitions());
            }
        }
    }

    @Test
    void aMaintenanceWindowOnMidplanesKeepsEveryJobOut() {
        MachineModel machine = MachineCatalog.create("small-bgl");
        Reservations maint = maintenance(machine, 100, 200);
        for (String policy : List.of("fcfs", "easy")) {
            ScheduleRecorder r = run(policy, machine.copy(), maint,
                    columnJob(1, 0, 150, new Shape(1, 1, 1)),
                    columnJob(2, 120, 10, new Shape(1, 1, 1)));
            assertEquals(Map.of(1L, 200L, 2L, 200L), r.starts(), policy);
        }
    }

    @Test
    void easyOnMidplanesReservesTheHeadAfterAWindowAndBackfillsWhatEndsBeforeIt() {
        // small-bgl (16 midplanes), the whole machine kept from 100 to 200. Job 1 holds it all until 50. The head
        // (job 2, all 16, 100 s) would run into the window at 50: it is reserved at the window's end. Job 3 (one
        // midplane, 40 s) ends by 100: backfilled at 50. Job 4 (one midplane, 60 s) would cross the window and
        // then the head's place: after the head.
        MachineModel machine = MachineCatalog.create("small-bgl");
        Reservations maint = maintenance(machine, 100, 200);
        Shape whole = new Shape(4, 2, 2);
        Shape one = new Shape(1, 1, 1);
        ScheduleRecorder r = run("easy", machine.copy(), maint,
                columnJob(1, 0, 50, whole),
                columnJob(2, 10, 100, whole),
                columnJob(3, 10, 40, one),
                columnJob(4, 10, 60, one));
        assertEquals(Map.of(1L, 0L, 2L, 200L, 3L, 50L, 4L, 300L), r.starts());
    }

    @Test
    void easyOnMidplanesBackfillsClearOfAWindowAndOfTheHeadsReservedPlace() {
        // small-bgl; x=0 (4 midplanes) kept from 100 to 1000. Job 1 holds x=1..3 (12 midplanes) until 500. The
        // head (job 2, 8 midplanes = 2x2x2, 100 s) fits nowhere before 500 but x=0 and x=1 (the window's
        // units) — it is reserved at 500 on x=1..2. Job 3 (x-column, 600 s) would cross the window on x=0 and
        // finds no other place until 500, where the head's place comes first; job 4 (a column, 50 s) ends by
        // 100 on x=0.
        MachineModel machine = MachineCatalog.create("small-bgl");
        Reservations x0 = new Reservations(List.of(new Reservation("x0", 100, 1000, 4 * 512,
                List.of("mp-R000", "mp-R001", "mp-R010", "mp-R011"), false)));
        Shape column = new Shape(1, 2, 2);
        ScheduleRecorder r = run("easy", machine.copy(), x0,
                columnJob(1, 0, 500, new Shape(3, 2, 2)),
                columnJob(2, 10, 100, new Shape(2, 2, 2)),
                columnJob(3, 10, 600, column),
                columnJob(4, 10, 50, column));
        assertEquals(500L, r.starts().get(2L), r.partitions().toString());
        assertEquals(10L, r.starts().get(4L), r.partitions().toString());
        assertTrue(r.partitions().get(4L).startsWith("R000"), r.partitions().toString());
        assertTrue(r.starts().get(3L) >= 500, r.partitions().toString());
    }

    @Test
    void theGuardWithholdsOnlyTheStartThatWouldBreakAWindow() {
        Policy everyJobThatFits = new Policy() {
            @Override
            public String name() {
                return "every job that fits";
            }

            @Override
            public List<Start> decide(SchedulingView view) {
                return Fcfs.startHeads(view.queue(), view.machine().copy());
            }
        };
        SchedulerCore core = new SchedulerCore(everyJobThatFits, new FlatMachine(4));
        core.reserve(new Reservations(List.of(all(100, 200))));
        core.apply(new org.bgctl.scheduler.event.JobSubmitted(Job.of(1, 0, 150, 150, 1)));
        core.apply(new org.bgctl.scheduler.event.JobSubmitted(Job.of(2, 0, 50, 50, 1)));
        Plan plan = core.plan();
        assertEquals(List.of(2L), plan.starts().stream().map(s -> s.job().id()).toList());
        assertEquals(100, core.nextEventTime(), "the window's start and end wake the scheduler while jobs wait");
    }

    @Test
    void aMigrationThatMovesNoRunningJobIsNotCarriedOutWhenTheWindowsWithholdTheStartsItPlaced() {
        // supernode:4x4x8/1, maintenance from 0 to 1000, seven jobs at 10. FCFS places five of them, blocks at the
        // sixth, and the migration re-places the five for a larger free box: it moves no running job, only the
        // starts the window withholds. Nothing may be journaled at 10; at 1000 the same plan goes through.
        MachineModel machine = MachineCatalog.create("supernode:4x4x8/1");
        List<String> every = machine.units();
        Reservations maint = new Reservations(List.of(new Reservation("maint", 0, 1000, every.size(), every, true)));
        long id = 1;
        List<Job> jobs = new ArrayList<>();
        for (int size : new int[] {8, 32, 5, 11, 32, 11, 24}) jobs.add(Job.of(id++, 10, 100, 100, size));
        ScheduleRecorder r = run("krevat-migration", machine, maint, jobs.toArray(Job[]::new));
        List<Long> attempts = r.events().stream().filter(e -> e instanceof MigrationAttempted)
                .map(e -> ((MigrationAttempted) e).time()).toList();
        assertEquals(List.of(1000L), attempts);
    }

    @Test
    void aBlockIsNotFreedInsideAWindowOfItsMidplanes() {
        // small-bgl boots a midplane in 110 s and frees a block 20 s after its job: job 1 (50 s) would end at 160
        // and hold its midplane until 180, into a maintenance window from 170; from 180 on, it is free in time
        for (long windowStart : new long[] {170, 180}) {
            MachineModel machine = MachineCatalog.create("small-bgl");
            SchedulerCore core = new SchedulerCore(Policies.create("easy"), machine, 0, KillPolicy.REQUEUE, 10,
                    BlockBootTest.boots(0));
            core.reserve(maintenance(machine, windowStart, 1000));
            ScheduleRecorder r = new ScheduleRecorder();
            new DirectExecutor(core, r).run(new Arrivals(List.of(Job.of(1, 0, 50, 50, 512)).iterator()));
            assertEquals(Map.of(1L, windowStart == 170 ? 1000L : 0L), r.starts(), "window from " + windowStart);
        }
    }

    @Test
    void reservationsPlacedAndCancelledByEventsAreKeptInTheSnapshot() {
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), new FlatMachine(4));
        core.reserve(new Reservations(List.of(all(100, 200))));
        Reservation two = new Reservation("two", 300, 400, 2, List.of(), false);
        core.apply(new ReservationPlaced(two, 10));
        assertEquals(Optional.of("reservation 'two' exists already"), why(core, two, 10));
        core.apply(new ReservationPlaced(new Reservation("gone", 50, 60, 1, List.of(), false), 11));
        core.apply(new ReservationCancelled("gone", 12));
        SchedulerCore restored = new SchedulerCore(Policies.create("easy"), new FlatMachine(4));
        restored.restore(core.snapshot());
        assertEquals(List.of(all(100, 200), two), restored.reservations().windows());
        SchedulerCore pfcfs = new SchedulerCore(Policies.create("pfcfs"), new FlatMachine(4));
        assertTrue(why(pfcfs, two, 10).orElseThrow().contains("pfcfs suspends jobs"));
    }

    /** Why {@code core} refuses {@code r} at {@code time}, or empty when it places it. */
    private static Optional<String> why(SchedulerCore core, Reservation r, long time) {
        return core.refusal(r, time).map(Throwable::getMessage);
    }

    /** A core on {@code machine} running {@code job}, started at 0. */
    private static SchedulerCore running(MachineModel machine, Job job) {
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), machine);
        core.apply(new JobSubmitted(job));
        for (JobEvent e : core.startEvents(core.plan().starts().get(0))) core.apply(e);
        return core;
    }

    @Test
    void aWindowOfNodesIsRefusedWhenTheRunningJobsWouldLeaveTooFewForItByTheirEstimates() {
        SchedulerCore core = running(new FlatMachine(4), Job.of(1, 0, 500, 500, 3)); // 3 of 4 nodes until 500
        assertEquals(Optional.empty(), why(core, new Reservation("one", 100, 200, 1, List.of(), false), 10));
        assertEquals(Optional.of("reservation 'two' needs 2 nodes at 100, when running jobs hold 3 of 4 by their"
                + " estimates"), why(core, new Reservation("two", 100, 200, 2, List.of(), false), 10));
        assertEquals(Optional.empty(), why(core, all(500, 600), 10), "the job ends by its start");
        core.apply(new ReservationPlaced(new Reservation("mid", 200, 300, 1, List.of(), false), 10));
        assertEquals(Optional.of("reservation 'long' needs 1 node at 200, when running jobs hold 3 of 4 by their"
                        + " estimates and windows keep 1 more"),
                why(core, new Reservation("long", 100, 400, 1, List.of(), false), 10),
                "a window of nodes starting within it counts from its start");
    }

    @Test
    void windowsOfNodesThatOverlapPastTheMachineArePlacedWhenNoRunningJobHoldsTheirNodes() {
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), new FlatMachine(4));
        core.apply(new ReservationPlaced(new Reservation("half", 100, 200, 2, List.of(), false), 10));
        assertEquals(Optional.empty(), why(core, new Reservation("three", 150, 250, 3, List.of(), false), 10),
                "windows that overlap add up to the whole machine at most");
        assertEquals(Optional.empty(), why(core, new Reservation("maint", 150, 250, 4, List.of(), true), 10),
                "a maintenance window over a window of nodes");
        SchedulerCore busy = running(new FlatMachine(4), Job.of(1, 0, 500, 500, 1));
        busy.apply(new ReservationPlaced(new Reservation("half", 100, 200, 2, List.of(), false), 10));
        assertEquals(Optional.of("reservation 'three' needs 3 nodes at 150, when running jobs hold 1 of 4 by their"
                + " estimates and windows keep 2 more"),
                why(busy, new Reservation("three", 150, 250, 3, List.of(), false), 10));
    }

    @Test
    void aWindowOfUnitsIsRefusedWhenARunningJobHoldsOneOfThemPastItsStartByItsEstimate() {
        MachineModel machine = MachineCatalog.create("small-bgl");
        SchedulerCore core = running(machine.copy(), columnJob(1, 0, 500, new Shape(1, 2, 2)));
        List<String> held = core.runningByEstimatedEnd().iterator().next().allocation().claims().stream()
                .filter(c -> c instanceof NodeClaim).map(c -> ((NodeClaim) c).unit()).toList();
        List<String> others = machine.units().stream().filter(u -> machine.nodesOf(u) > 0 && !held.contains(u)).toList();
        Reservation on = new Reservation("on", 100, 200, 512, List.of(held.get(0)), false);
        assertEquals(Optional.of("reservation 'on' keeps nodes that job 1 holds until 500 by its estimate, after the"
                + " window starts at 100"), why(core, on, 10));
        assertEquals(Optional.empty(), why(core, new Reservation("beside", 100, 200, 512, others.subList(0, 1), false), 10));
        assertEquals(Optional.empty(), why(core, new Reservation("later", 500, 600, 512, held, false), 10));
    }

    @Test
    void aWindowOfUnitsIsRefusedUntilTheBlockOfARunningJobIsFreedByItsEstimate() {
        // small-bgl: job 1's midplane boots until 110, the job ends by its estimate at 610, its block is free at 630
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), MachineCatalog.create("small-bgl"), 0,
                KillPolicy.REQUEUE, 10, BlockBootTest.boots(0));
        core.apply(new JobSubmitted(Job.of(1, 0, 500, 500, 512)));
        for (JobEvent e : core.startEvents(core.plan().starts().get(0))) core.apply(e);
        String unit = ((NodeClaim) core.runningByEstimatedEnd().iterator().next().allocation().claims().get(0)).unit();
        assertEquals(Optional.of("reservation 'on' keeps nodes that job 1 holds until 630 by its estimate, after the"
                + " window starts at 620"), why(core, new Reservation("on", 620, 700, 512, List.of(unit), false), 10));
        assertEquals(Optional.empty(), why(core, new Reservation("on", 630, 700, 512, List.of(unit), false), 10));
    }

    /** Every midplane of {@code machine} (512 nodes each) kept from {@code start} to {@code end}. */
    private static Reservations maintenance(MachineModel machine, long start, long end) {
        List<String> every = machine.units().stream().filter(u -> machine.nodesOf(u) > 0).toList();
        return new Reservations(List.of(new Reservation("maint", start, end, every.size() * 512, every, true)));
    }

    private static Job columnJob(long id, long submit, long run, Shape shape) {
        return Job.of(id, submit, run, run, shape.volume() * 512).withGeometry(Geometry.box(shape, false,
                Topology.MESH));
    }
}
