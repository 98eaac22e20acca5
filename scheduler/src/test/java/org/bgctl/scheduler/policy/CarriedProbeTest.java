package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;
import org.junit.jupiter.api.Test;

/**
 * A machine carried from one reservation to the next and changed by the difference of the jobs it holds is the
 * machine worked out afresh: the live machine with the first jobs in ending order released.
 */
class CarriedProbeTest {
    private static final Shape[] SHAPES = {new Shape(1, 1, 1), new Shape(2, 1, 1), new Shape(1, 2, 1),
            new Shape(1, 2, 2), new Shape(2, 2, 1), new Shape(4, 1, 1)};

    @Test
    void theCarriedMachineChangedByTheDifferenceIsTheLiveMachineWithTheFirstJobsReleased() {
        Random random = new Random(17);
        MachineModel live = MachineCatalog.create("small-bgl");
        List<Demand> demands = new ArrayList<>();
        for (Shape s : SHAPES)
            for (Topology t : Topology.values()) demands.add(new Demand(s.volume() * 512, Geometry.box(s, true, t)));
        List<RunningJob> running = new ArrayList<>();
        CarriedProbe carried = null;
        int checked = 0;
        long id = 0;
        for (int step = 0; step < 3000; step++) {
            while (!running.isEmpty() && random.nextInt(3) == 0)
                live.release(running.remove(random.nextInt(running.size())).allocation());
            for (int tries = random.nextInt(4); tries > 0; tries--) {
                Demand d = demands.get(random.nextInt(demands.size()));
                Allocation a = live.place(d);
                if (a == null) continue;
                live.allocate(a);
                long run = 1 + random.nextInt(500);
                running.add(new RunningJob(Job.of(++id, step, run, run, d.nodes()), step, a));
            }
            List<RunningJob> ending = new ArrayList<>(running);
            ending.sort(RunningJob.ESTIMATED_END_ORDER);
            int k = random.nextInt(ending.size() + 1);
            MachineModel expected = live.copy();
            List<Allocation> first = new ArrayList<>();
            for (RunningJob r : ending.subList(0, k)) first.add(r.allocation());
            expected.releaseAll(first);
            MachineModel got = carried == null ? null : carried.releasedBefore(ending, k, live);
            if (got != null) {
                assertEquals(expected.freeNodes(), got.freeNodes(), "step " + step);
                for (Demand d : demands) assertEquals(expected.place(d), got.place(d), "step " + step + ", " + d);
                for (RunningJob r : ending)
                    assertEquals(expected.isFree(r.allocation()), got.isFree(r.allocation()), "step " + step);
                checked++;
            }
            MachineModel next = got != null && random.nextBoolean() ? got.copy() : expected;
            carried = CarriedProbe.of(next, ending, k);
        }
        assertTrue(checked > 2500, "checked: " + checked);
    }

    @Test
    void nothingIsCarriedWhileAComponentIsDown() {
        MachineModel live = MachineCatalog.create("small-bgl");
        String midplane = live.units().get(0);
        MachineModel withDown = live.copy();
        withDown.setHealth(midplane, false);
        assertNull(CarriedProbe.of(withDown, List.of(), 0));
        CarriedProbe carried = CarriedProbe.of(live.copy(), List.of(), 0);
        assertNull(carried.releasedBefore(List.of(), 0, withDown));
    }
}
