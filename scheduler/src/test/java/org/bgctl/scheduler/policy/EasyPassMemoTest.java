package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.junit.jupiter.api.Test;

/**
 * EASY remembers a pass that started nothing and, while the machine and running jobs stay as they were, weighs
 * only the jobs queued since; and it searches each reservation from where the last one of the same head was found.
 * Every pass of a run on the 4x2x2 test machine, with jobs arriving in bursts while
 * the machine is full, must start what a new instance (which remembers nothing) starts.
 */
class EasyPassMemoTest {
    private static final Shape[] SHAPES = {new Shape(1, 1, 1), new Shape(2, 1, 1), new Shape(1, 2, 2),
            new Shape(2, 2, 1), new Shape(4, 1, 1), new Shape(2, 2, 2)};

    @Test
    void everyPassStartsWhatAPassWithoutMemoryStarts() {
        Random random = new Random(11);
        List<Job> jobs = new ArrayList<>();
        long submit = 0;
        for (long id = 1; id <= 400; id++) {
            submit += random.nextInt(4) == 0 ? random.nextInt(400) : 0;
            long run = 1 + random.nextInt(1000);
            long estimate = run + random.nextInt(2000);
            Shape shape = SHAPES[random.nextInt(SHAPES.length)];
            Topology topology = random.nextBoolean() ? Topology.MESH : Topology.TORUS;
            Job job = Job.of(id, submit, run, estimate, shape.volume() * 512);
            jobs.add(random.nextInt(5) == 0 ? job : job.withGeometry(Geometry.box(shape, random.nextBoolean(), topology)));
        }
        int[] passes = new int[1];
        Policy checked = new Policy() {
            private final EasyBackfill remembering = new EasyBackfill();

            @Override
            public String name() {
                return "easy";
            }

            @Override
            public List<Start> decide(SchedulingView view) {
                List<Start> expected = new EasyBackfill().decide(view);
                assertEquals(expected, remembering.decide(view), "pass at " + view.now());
                passes[0]++;
                return expected;
            }
        };
        ScheduleRecorder r = ScheduleRecorder.run(checked, MachineCatalog.create("small-bgl"), jobs);
        assertEquals(jobs.size(), r.starts().size());
        assertTrue(passes[0] > jobs.size(), "passes: " + passes[0]);
    }
}
