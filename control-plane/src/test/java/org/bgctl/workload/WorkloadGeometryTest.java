package org.bgctl.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The BG/L study's workload transforms: sizes in midplanes, slim and fat shapes, tori, one seeded generator. */
class WorkloadGeometryTest {
    private static final MachineModel BGL = MachineCatalog.create("bgl");

    @TempDir
    Path dir;

    private static GeometryOptions geometry(SizeUnit unit, ShapeRule shapes, double fat, boolean fatSizes, double torus,
                                            long seed) {
        return new GeometryOptions(unit, shapes, fat, fatSizes, true, torus, seed);
    }

    /** The jobs made of traces of the given sizes, one job per size, submitted one second apart. */
    private List<Job> jobs(MachineModel machine, GeometryOptions g, int... sizes) throws IOException {
        return jobs(machine, WorkloadOptions.builder().geometry(g).build(), sizes);
    }

    private List<Job> jobs(MachineModel machine, WorkloadOptions options, int... sizes) throws IOException {
        String[] lines = new String[sizes.length];
        for (int i = 0; i < sizes.length; i++) lines[i] = TestTraces.job(i + 1, i, 100, sizes[i], -1, 200);
        List<Job> jobs = new ArrayList<>();
        try (Workload w = new Workload(SwfReader.open(TestTraces.write(dir, "t.swf", lines), false), options, machine)) {
            w.forEachRemaining(j -> jobs.add(j.job()));
        }
        return jobs;
    }

    @Test
    void sizesInNodesNeedWholeMidplanesAndSizesInUnitsAreMidplanes() throws IOException {
        List<Job> nodes = jobs(BGL, GeometryOptions.NONE, 600);
        assertEquals(600, nodes.get(0).size());
        assertEquals(Geometry.ANY, nodes.get(0).geometry());
        List<Job> units = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.FREE, 0, false, 0, 1), 3);
        assertEquals(3 * 512, units.get(0).size());
    }

    @Test
    void slimShapesFollowTheStudysNestedLoops() throws IOException {
        List<Job> jobs = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0, false, 0, 1), 6, 16, 27, 11);
        assertEquals(List.of(new Shape(6, 1, 1), new Shape(8, 2, 1), new Shape(3, 3, 3), new Shape(6, 2, 1)),
                jobs.stream().map(j -> j.geometry().shape()).toList());
        assertEquals(12 * 512, jobs.get(3).size(), "a job asks for every midplane of its box");
    }

    @Test
    void fatShapesHaveTwoMidplanesPerDimensionAtLeast() throws IOException {
        List<Job> jobs = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 1, false, 0, 1), 1, 12, 17);
        assertEquals(List.of(new Shape(2, 2, 2), new Shape(3, 2, 2), new Shape(3, 3, 2)),
                jobs.stream().map(j -> j.geometry().shape()).toList());
        assertEquals(8 * 512, jobs.get(0).size());
    }

    @Test
    void fatSizesGiveSlimJobsTheSizesOfFatOnes() throws IOException {
        List<Job> jobs = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0, true, 0, 1), 1, 12);
        assertEquals(List.of(new Shape(8, 1, 1), new Shape(6, 2, 1)), jobs.stream().map(j -> j.geometry().shape()).toList());
        List<Job> free = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.FREE, 0, true, 0, 1), 1);
        assertNull(free.get(0).geometry().shape());
        assertEquals(8 * 512, free.get(0).size());
    }

    @Test
    void oneSeedDrawsTheShapesAndTheJobClassesFromStreamsOfTheirOwn() throws IOException {
        int[] sizes = new int[300];
        Arrays.fill(sizes, 4);
        GeometryOptions g = geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, 0, 7);
        JobClasses classes = new JobClasses(0.5, 0.25, JobClasses.Spread.FIXED, 7);
        List<Job> both = jobs(BGL, WorkloadOptions.builder().geometry(g).jobClasses(classes).build(), sizes);
        List<Job> shapesOnly = jobs(BGL, g, sizes);
        List<Job> classesOnly = jobs(BGL, WorkloadOptions.builder().geometry(geometry(SizeUnit.UNITS, ShapeRule.SLIM,
                0, false, 0, 7)).jobClasses(classes).build(), sizes);
        int agree = 0;
        for (int i = 0; i < sizes.length; i++) {
            assertEquals(shapesOnly.get(i).geometry(), both.get(i).geometry(), "the classes leave the shapes alone");
            assertEquals(classesOnly.get(i).communication(), both.get(i).communication(),
                    "the shapes leave the classes alone");
            boolean fat = both.get(i).geometry().shape().equals(new Shape(2, 2, 2));
            if (fat == both.get(i).communication().intensive()) agree++;
        }
        assertTrue(agree > 110 && agree < 190, "fat and communication-intensive agree on " + agree
                + " of 300 jobs, not as independent draws would");
    }

    @Test
    void theDrawsAreSeededAndDoNotDependOnTheOtherOptions() throws IOException {
        int[] sizes = new int[300];
        Arrays.fill(sizes, 4);
        List<Job> half = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, 0.3, 7), sizes);
        assertEquals(half, jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, 0.3, 7), sizes));
        assertNotEquals(half, jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, 0.3, 8), sizes));

        long fat = half.stream().filter(j -> j.geometry().shape().equals(new Shape(2, 2, 2))).count();
        assertTrue(fat > 110 && fat < 190, fat + " fat jobs of 300");
        List<Job> moreTori = jobs(BGL, geometry(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, 0.6, 7), sizes);
        for (int i = 0; i < sizes.length; i++) {
            assertEquals(half.get(i).geometry().shape(), moreTori.get(i).geometry().shape(), "same fat draws");
            if (half.get(i).geometry().topology() == Topology.TORUS)
                assertEquals(Topology.TORUS, moreTori.get(i).geometry().topology(), "a torus stays a torus at higher P_t");
        }
    }

    @Test
    void aTorusTheWiringCannotCloseIsRejected() throws IOException {
        GeometryOptions pinnedTori = new GeometryOptions(SizeUnit.UNITS, ShapeRule.SLIM, 0, false, false, 1, 1);
        MachineModel denyY = MachineCatalog.create("bgl,deny-passthrough=y");
        String[] lines = {TestTraces.job(1, 0, 100, 16, -1, 200), TestTraces.job(2, 1, 100, 8, -1, 200)};
        WorkloadOptions options = WorkloadOptions.builder().geometry(pinnedTori).build();
        try (Workload w = new Workload(SwfReader.open(TestTraces.write(dir, "t.swf", lines), false), options, denyY)) {
            // 16 is 8x2x1, a y-torus of two midplanes, which needs pass-through in y; 8 is 8x1x1
            assertEquals(2, w.next().job().id());
            assertEquals(1, w.rejections().count(RejectionReason.CANNOT_BE_PLACED));
        }
    }

    @Test
    void aFlatMachineHasNoShapes() {
        GeometryOptions slim = geometry(SizeUnit.NODES, ShapeRule.SLIM, 0, false, 0, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> jobs(new FlatMachine(128), slim, 4));
        assertEquals("job shapes, fat shapes, tori and pinned shapes need a machine of midplanes such as bgl;"
                + " flat:128 has none", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> geometry(SizeUnit.NODES, ShapeRule.FREE, 1.5, false, 0, 1));
    }

    @Test
    void sizesInUnitsAreRefusedOnSupernodesWhoseSizesCountNodes() throws IOException {
        GeometryOptions units = geometry(SizeUnit.UNITS, ShapeRule.FREE, 0, false, 0, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> jobs(MachineCatalog.create("supernode"), units, 4));
        assertEquals("--sizes-in units: supernode:4x4x8 counts job sizes in nodes; for a trace whose sizes count"
                + " supernodes, give it one node per supernode (supernode:XxYxZ/1)", e.getMessage());
    }

    /**
     * On a machine whose unit is one node, sizes in units are sizes in nodes: --sizes-in units was accepted there and
     * changed nothing.
     */
    @Test
    void sizesInUnitsAreRefusedWhereAUnitIsOneNode() throws IOException {
        GeometryOptions units = geometry(SizeUnit.UNITS, ShapeRule.FREE, 0, false, 0, 1);
        for (String machine : List.of("flat:128", "buddy:128", "paragon-sdsc", "supernode:4x4x8/1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> jobs(MachineCatalog.create(machine), units, 4), machine);
            assertEquals("--sizes-in units: " + machine + " allocates single nodes, so its sizes in units are sizes in"
                    + " nodes and the option changes nothing; leave it out (units are midplanes on a machine of"
                    + " midplanes such as bgl)", e.getMessage());
        }
        assertEquals(4, jobs(MachineCatalog.create("supernode:4x4x8/1"), GeometryOptions.NONE, 4).get(0).size());
    }
}
