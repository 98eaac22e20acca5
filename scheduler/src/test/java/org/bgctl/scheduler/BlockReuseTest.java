package org.bgctl.scheduler;

import static org.bgctl.scheduler.BlockBootTest.started;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.MidplaneMap;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;

/**
 * Block reuse rule by rule on small-bgl (boots of 100 s + 10 s per midplane, blocks freed in 20 s): a finished job's
 * block stays ready, a job given exactly that block starts on it without a boot, a start that takes part of it frees
 * it first and boots once its free time has passed, and a component failing under it frees it at once.
 */
class BlockReuseTest {

    private static final int MIDPLANE = 512;

    private static BootModel reusing() {
        return BlockBootTest.boots(0).reusing();
    }

    @Test
    void aSecondJobOfTheSameBlockReusesItWithoutABoot() {
        // job 1 runs on one midplane from 110 to 610; job 2, of one midplane too, arrives at 700
        List<SchedulerEvent> events = BlockBootTest.run(reusing(), 10, List.of(), Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 700, 50, 50, MIDPLANE));
        JobStarted one = started(events, 1);
        JobStarted two = started(events, 2);
        assertEquals(110, one.boot());
        assertFalse(one.reused());
        assertTrue(one.staysReady());
        assertEquals(0, one.free(), "a block kept ready is not freed as its job finishes");
        assertEquals(one.allocation(), two.allocation());
        assertTrue(two.reused());
        assertEquals(0, two.boot(), "no boot");
        assertNull(two.bootFailure());
        assertEquals(700, two.time());
        assertTrue(events.contains(new JobFinished(2, 750)), events.toString());
        assertTrue(events.stream().noneMatch(BlockFreed.class::isInstance), "nothing is freed");
        RecordedRun state = new RecordedRun(MachineCatalog.create("small-bgl"));
        events.stream().filter(e -> e.time() <= 650).forEach(state::accept);
        assertEquals(List.of(1L), List.copyOf(state.blockStates(650).ready().keySet()));
        assertEquals(MachineCatalog.create("small-bgl").capacity(), state.machine().freeNodes(),
                "a ready block holds nothing");
        String map = MidplaneMap.render((BglMachineModel) state.machine(), new TreeMap<>(), state.blockStates(650));
        assertTrue(map.contains("y=0  +...   ...."), map);
        assertTrue(map.contains("blocks ready for reuse (+)\n  after job 1  " + one.allocation().partition() + "\n"), map);
    }

    @Test
    void aJobOfAnOverlappingBlockFreesTheReadyBlockFirstAndBootsAfterTheFreeTime() {
        // job 1's one-midplane block is ready from 610; job 2 needs all 16 midplanes at 700
        List<SchedulerEvent> events = BlockBootTest.run(reusing(), 10, List.of(), Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 700, 50, 50, 16 * MIDPLANE));
        JobStarted two = started(events, 2);
        int freed = events.indexOf(new BlockFreed(1, 700));
        assertTrue(freed >= 0 && freed < events.indexOf(two), events.toString());
        assertFalse(two.reused());
        assertEquals(20 + 100 + 160, two.boot(), "the free time, then the boot of 16 midplanes");
        assertTrue(events.contains(new JobFinished(2, 700 + 280 + 50)), events.toString());
    }

    @Test
    void aWindowCountsTheFreeTimeOfTheReadyBlockAStartTakesPartOf() {
        // as above, job 2 would run from 980 to 1030: past the start of a maintenance window at 1010, which it
        // would have kept by a boot without the free time; it waits for the window's end instead
        MachineModel machine = MachineCatalog.create("small-bgl");
        List<String> midplanes = machine.units().stream().filter(u -> machine.nodesOf(u) > 0).toList();
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), machine, 0, KillPolicy.REQUEUE, 10, reusing());
        core.reserve(new Reservations(List.of(new Reservation("maint", 1010, 2000, 16 * MIDPLANE, midplanes, true))));
        List<SchedulerEvent> events = new ArrayList<>();
        new DirectExecutor(core, events::add).run(new Arrivals(List.of(Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 700, 50, 50, 16 * MIDPLANE)).iterator()));
        assertEquals(2000, started(events, 2).time());
    }

    @Test
    void aComponentFailingUnderAReadyBlockFreesItAtOnce() {
        List<SchedulerEvent> events = BlockBootTest.run(reusing(), 10,
                List.of(new HealthChange(650, "mp-R000", false)), Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 700, 50, 50, MIDPLANE));
        int freed = events.indexOf(new BlockFreed(1, 650));
        assertTrue(freed >= 0 && freed < events.indexOf(new ComponentFailed("mp-R000", 650)), events.toString());
        JobStarted two = started(events, 2);
        assertFalse(two.reused());
        assertEquals(110, two.boot(), "job 2 boots a block of its own");
    }

    @Test
    void aRestoredCoreKeepsItsReadyBlocksAndReusesThem() {
        SchedulerCore core = new SchedulerCore(org.bgctl.scheduler.policy.Policies.create("easy"),
                MachineCatalog.create("small-bgl"), 0, KillPolicy.REQUEUE, 10, reusing());
        DirectExecutor direct = new DirectExecutor(core, e -> { });
        direct.run(new Arrivals(List.of(Job.of(1, 0, 500, 600, MIDPLANE)).iterator()));
        assertEquals(1, core.readyBlocks().size());
        SchedulerCore restored = new SchedulerCore(org.bgctl.scheduler.policy.Policies.create("easy"),
                MachineCatalog.create("small-bgl"), 0, KillPolicy.REQUEUE, 10, reusing());
        restored.restore(core.snapshot());
        assertEquals(List.copyOf(core.readyBlocks()), List.copyOf(restored.readyBlocks()));
        List<SchedulerEvent> after = new java.util.ArrayList<>();
        new DirectExecutor(restored, after::add).run(new Arrivals(List.of(Job.of(2, 700, 50, 50, MIDPLANE)).iterator()));
        assertTrue(started(after, 2).reused(), after.toString());
    }
}
