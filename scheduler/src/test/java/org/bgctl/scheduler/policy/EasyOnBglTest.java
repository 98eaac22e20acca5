package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.junit.jupiter.api.Test;

/**
 * EASY on the 4x2x2 test machine: the blocked head's reservation is a box, and a job that runs past
 * the shadow time may backfill only into midplanes that box does not need — wherever they are.
 */
class EasyOnBglTest {
    private static final Shape COLUMN = new Shape(1, 2, 2);
    private static final Shape TWO_COLUMNS = new Shape(2, 2, 2);

    private static Job job(long id, long submit, long run, Shape shape) {
        return Job.of(id, submit, run, run, shape.volume() * 512).withGeometry(Geometry.box(shape, false, Topology.MESH));
    }

    @Test
    void aBackfilledJobAvoidsTheHeadsReservedBox() {
        List<Job> jobs = List.of(
                job(1, 0, 100, COLUMN),      // column x=0 until 100
                job(2, 0, 10, COLUMN),       // column x=1 until 10
                job(3, 0, 1000, COLUMN),     // column x=2 until 1000; x=3 stays free
                job(4, 20, 100, TWO_COLUMNS), // the head: no two adjacent columns free; at 100 it gets x = 0 and 1
                job(5, 20, 500, COLUMN),     // past the shadow time: not x=1 (the head's), but x=3 is fine
                job(6, 20, 500, COLUMN),     // past the shadow time, and only x=1 is left: waits for the head to end
                job(7, 20, 50, COLUMN));     // ends by the shadow time: may use x=1 meanwhile
        ScheduleRecorder r = ScheduleRecorder.run(new EasyBackfill(), MachineCatalog.create("small-bgl"), jobs);

        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 0L, 4L, 100L, 5L, 20L, 6L, 200L, 7L, 20L), r.starts());
        assertEquals("R000:2x2x2:mesh:x=0:y=0:z=0", r.partitions().get(4L));
        assertEquals("R300:1x2x2:mesh:x=-:y=0:z=0", r.partitions().get(5L));
        assertEquals("R100:1x2x2:mesh:x=-:y=0:z=0", r.partitions().get(7L));
    }
}
