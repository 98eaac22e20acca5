package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.run.BootModelKind;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;

/**
 * What {@code GET /api/machine} says of booting blocks and of blocks whose boot failed (docs/api.md): a booting
 * job's block and when its boot ends, a finished job's block while it is freed, a block kept ready for reuse, the
 * midplanes free after a failed boot, and all in the map.
 */
class LiveViewBootTest {

    /** The view of bgl after the jobs, run with {@code boots} by EASY up to {@code until}. */
    private static LiveView view(BootModel boots, long until, Job... jobs) {
        LiveView view = new LiveView(MachineCatalog.create("bgl"));
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), MachineCatalog.create("bgl"), 0,
                KillPolicy.REQUEUE, 0, boots);
        new DirectExecutor(core, view).run(new Arrivals(List.of(jobs).iterator()), HealthChanges.NONE, until);
        return view;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aBootingBlockIsShownWithItsBootsEnd() {
        LiveView view = view(BootModelKind.MACHINE.of("bgl", 0, 1, false), 100, Job.of(1, 0, 500, 600, 2 * 512));
        Map<String, Object> machine = view.machine();
        Map<String, Object> job = ((List<Map<String, Object>>) machine.get("running")).get(0);
        assertEquals("booting", job.get("block"));
        assertEquals(132L, job.get("boot_end"));
        assertFalse(machine.containsKey("boot_errors"));
        assertTrue(((String) machine.get("map")).contains("booting until 132 s (~)"), (String) machine.get("map"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aFinishedJobsBlockIsShownWhileItIsFreed() {
        // job 1 boots 126 s, runs 500 s and finishes at 626; its block is freed a minute later
        LiveView view = view(BootModelKind.MACHINE.of("bgl", 0, 1, false), 650, Job.of(1, 0, 500, 600, 512));
        Map<String, Object> machine = view.machine();
        assertEquals(List.of(), machine.get("running"));
        List<Map<String, Object>> freeing = (List<Map<String, Object>>) machine.get("freeing");
        assertEquals(List.of(Map.of("job", 1L, "partition", "R000:1x1x1:mesh:x=-:y=-:z=-", "free_at", 686L,
                "units", List.of("mp-R000"))), freeing);
        String map = (String) machine.get("map");
        assertTrue(map.contains("y=0  -......."), map);
        assertFalse(view(BootModelKind.MACHINE.of("bgl", 0, 1, false), 700, Job.of(1, 0, 500, 600, 512)).machine()
                .containsKey("freeing"), "freed at 686");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aReadyBlockIsListedAndDrawnUntilItIsReused() {
        // with reuse, job 1's block is ready from 626; job 2, of the same block, reuses it at 1000
        BootModel reusing = BootModelKind.MACHINE.of("bgl", 0, 1, true);
        Map<String, Object> machine = view(reusing, 650, Job.of(1, 0, 500, 600, 512), Job.of(2, 1000, 50, 50, 512))
                .machine();
        assertFalse(machine.containsKey("freeing"));
        assertEquals(List.of(Map.of("job", 1L, "partition", "R000:1x1x1:mesh:x=-:y=-:z=-", "units",
                List.of("mp-R000"))), machine.get("ready"));
        String map = (String) machine.get("map");
        assertTrue(map.contains("y=0  +......."), map);
        Map<String, Object> reused = view(reusing, 1000, Job.of(1, 0, 500, 600, 512), Job.of(2, 1000, 50, 50, 512))
                .machine();
        assertFalse(reused.containsKey("ready"), "job 2 took it");
        assertEquals(1000L, ((List<Map<String, Object>>) reused.get("running")).get(0).get("start"));
        assertFalse(((List<Map<String, Object>>) reused.get("running")).get(0).containsKey("block"), "no boot");
    }

    @Test
    void theMidplaneOfAFailedBootIsShownFreeInError() {
        // every boot fails and no job may be requeued: job 1's block goes to error and is freed
        LiveView view = view(BootModelKind.MACHINE.of("bgl", 0.999999, 1, false), 1000, Job.of(1, 0, 500, 600, 512));
        Map<String, Object> machine = view.machine();
        assertEquals(List.of("mp-R000"), machine.get("boot_errors"));
        assertEquals(List.of(), machine.get("running"));
        String map = (String) machine.get("map");
        assertTrue(map.contains("y=0  !......."), map);
        assertTrue(map.contains("  mp-R000  at 126 s"), map);
    }
}
