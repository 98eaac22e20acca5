package org.bgctl.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GridTest {

    @Test
    void theFirstAxisVariesSlowest() {
        Grid grid = new Grid(List.of(Axis.parse("machine=flat:64,flat:128"), Axis.parse("scheduler=fcfs,easy,conservative"),
                Axis.parse("runtime_coefficient=0.8,1.2")));
        assertEquals(12, grid.size());
        List<String> order = new ArrayList<>();
        for (GridPoint p : grid.points()) order.add(p.index() + ":" + p.label());
        assertEquals(List.of("1:flat_64-fcfs-0.8", "2:flat_64-fcfs-1.2", "3:flat_64-easy-0.8", "4:flat_64-easy-1.2",
                "5:flat_64-conservative-0.8", "6:flat_64-conservative-1.2", "7:flat_128-fcfs-0.8", "8:flat_128-fcfs-1.2",
                "9:flat_128-easy-0.8", "10:flat_128-easy-1.2", "11:flat_128-conservative-0.8",
                "12:flat_128-conservative-1.2"), order);
        GridPoint last = grid.points().get(11);
        assertEquals(Map.of("machine", "flat:128", "scheduler", "conservative", "runtime_coefficient", "1.2"),
                last.values());
        assertEquals(List.of("machine", "scheduler", "runtime_coefficient"), new ArrayList<>(last.values().keySet()));
        assertEquals("machine=flat:128 scheduler=conservative runtime_coefficient=1.2", last.describe());
    }

    @Test
    void theSameAxesGiveTheSamePoints() {
        List<Axis> axes = List.of(Axis.parse("scheduler=easy,fcfs"), Axis.parse("size_divide=1:4:1"));
        assertEquals(new Grid(axes).points(), new Grid(axes).points());
    }

    @Test
    void noAxesIsOneRun() {
        Grid grid = new Grid(List.of());
        assertEquals(1, grid.size());
        assertEquals(List.of(new GridPoint(1, Map.of())), grid.points());
        assertEquals("run", grid.points().get(0).label());
    }

    @Test
    void anAxisPerParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Grid(List.of(Axis.parse("scheduler=easy"), Axis.parse("scheduler=fcfs"))));
        assertTrue(e.getMessage().contains("two axes sweep scheduler"), e.getMessage());
    }

    @Test
    void labelsAreSafeAndShort() {
        GridPoint p = new GridPoint(1, Map.of("trace", "../traces/a b/" + "x".repeat(80) + ".swf"));
        assertTrue(p.label().matches("[A-Za-z0-9._-]{1,60}"), p.label());
    }
}
