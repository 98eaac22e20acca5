package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.junit.jupiter.api.Test;

class MidplaneMapTest {

    @Test
    void midplanesCablesAndFailuresAreDrawn() {
        BglMachineModel bgl = (BglMachineModel) MachineCatalog.create("bgl");
        TreeMap<Long, Allocation> running = new TreeMap<>();
        Allocation torus = bgl.place(new Demand(2 * 512, Geometry.box(new Shape(2, 1, 1), false, Topology.TORUS)));
        bgl.allocate(torus);
        running.put(7L, torus);
        Allocation yTorus = bgl.place(new Demand(2 * 512, Geometry.box(new Shape(1, 2, 1), false, Topology.TORUS)));
        bgl.allocate(yTorus);
        running.put(9L, yTorus);
        bgl.setHealth("mp-R733", false);
        bgl.setHealth("cable-x-R101-p4", false);

        List<String> lines = MidplaneMap.render(bgl, running).lines().toList();
        assertEquals("     z=0        z=1        z=2        z=3", lines.get(0));
        assertEquals("y=3  ........   ........   ........   .......#", lines.get(1));
        assertEquals("y=1  ........   B.......   ........   ........", lines.get(3));
        assertEquals("y=0  AA......   B.......   ........   ........", lines.get(4));
        assertEquals("     01234567   01234567   01234567   01234567  x", lines.get(5));
        assertTrue(lines.contains("  A  job 7  R000:2x1x1:torus:x=0.8:y=-:z=-"), lines.toString());
        assertTrue(lines.contains("  B  job 9  R001:1x2x1:torus:x=-:y=0.1.2.3/2.3:z=-"), lines.toString());
        int xLines = lines.indexOf("x-lines: 2 of 16 with a cable in use or a part down"
                + " (cables in wiring order, switches by position; letter = job, # down)");
        assertEquals(List.of("  y=0 z=0  cables A.......A.....  switches passed through ........",
                "  y=0 z=1  cables ........#.....  switches passed through ........"), lines.subList(xLines + 1, xLines + 3));
        assertTrue(lines.contains("  x=0 z=1  cables BBBB  switches passed through ..BB"), lines.toString());
        assertTrue(lines.contains("z-lines: 0 of 32 with a cable in use or a part down"), lines.toString());
    }

    @Test
    void aFreeMidplaneOfAWindowUnderWayIsDrawnRAndTheWindowsAreListed() {
        BglMachineModel bgl = (BglMachineModel) MachineCatalog.create("bgl");
        TreeMap<Long, Allocation> running = new TreeMap<>();
        Allocation one = bgl.place(new Demand(512, Geometry.box(Shape.UNIT, false, Topology.MESH)));
        bgl.allocate(one);
        running.put(3L, one);
        TreeMap<String, String> reserved = new TreeMap<>();
        for (String mp : List.of("mp-R000", "mp-R100", "mp-R200")) reserved.put(mp, "maint");
        reserved.put("mp-R701", "users");

        List<String> lines = MidplaneMap.render(bgl, running, BlockStates.NONE, reserved).lines().toList();
        assertEquals("y=0  Arr.....   .......r   ........   ........", lines.get(4), "a running job keeps its letter");
        int at = lines.indexOf("reserved (r when free)");
        assertEquals(List.of("  maint  3 midplanes", "  users  1 midplanes"), lines.subList(at + 1, at + 3));
    }
}
