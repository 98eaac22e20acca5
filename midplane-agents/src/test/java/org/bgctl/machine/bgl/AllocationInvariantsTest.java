package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * Random sequences of allocate (the search's best candidate), release, fail and repair on BG/L, its switches
 * shared port by port, never hold a midplane or cable twice (and so no switch port: each faces one midplane or
 * ends one cable), never allocate onto a down component, and leave the state exactly what its partitions and
 * failures make it, so a release restores what the partition took. The masks a search reads, which allocations and
 * releases update only in the lines they span, are at every step those worked out afresh from the partitions and
 * failures. The scheduler module's
 * {@code AllocationAuditPropertyTest} checks the same runs with the independent wiring checker.
 */
class AllocationInvariantsTest {
    private static final BglMachine MACHINE = Fixtures.BGL;
    private static final PartitionSearch SEARCH = new PartitionSearch(MACHINE);

    /** The state under test and the failures injected into it, in order. */
    static final class Run {
        final BglState state = MACHINE.newState();
        final List<Component> down = new ArrayList<>();

        @Override
        public String toString() {
            return state + ", down " + down;
        }
    }

    @Property(tries = 150)
    void allocationsNeverCollideAndReleasesRestoreExactly(@ForAll("runs") ActionChain<Run> chain) {
        chain.withInvariant("nothing held twice", AllocationInvariantsTest::nothingHeldTwice)
                .withInvariant("state made of its partitions and failures", AllocationInvariantsTest::stateIsItsParts)
                .withInvariant("derived masks worked out afresh from them", AllocationInvariantsTest::derivedMasksAreItsParts)
                .run();
    }

    @Provide
    Arbitrary<ActionChain<Run>> runs() {
        return ActionChain.<Run>startWith(Run::new)
                .withAction(4, new Allocate())
                .withAction(2, new Release())
                .withAction(new Fail())
                .withAction(new Repair())
                .withMaxTransformations(40);
    }

    private static final class Allocate implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Combinators.combine(Arbitraries.integers().between(1, 16), Arbitraries.of(Topology.class),
                            Arbitraries.of(Dimension.class).set().ofMaxSize(1))
                    .as((size, topology, deny) -> new PartitionRequest(size, null, true, topology, deny))
                    .map(request -> Transformer.mutate("allocate " + request, run -> allocate(run, request)));
        }
    }

    private static void allocate(Run run, PartitionRequest request) {
        Optional<Partition> best = SEARCH.best(run.state, request);
        List<Partition> candidates = SEARCH.candidates(run.state, request);
        assertEquals(candidates.stream().min(Comparator.comparingInt(Partition::cableCount)), best);
        if (best.isEmpty()) return;
        Partition p = best.get();
        for (Component c : resources(p)) assertFalse(run.state.isDown(c), "allocating onto down " + c);
        BglState before = run.state.copy();
        run.state.allocate(p);
        BglState undone = run.state.copy();
        undone.release(p);
        assertEquals(before, undone);
    }

    private static final class Release implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.state.allocated().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            List<Partition> allocated = run.state.allocated();
            return Arbitraries.of(allocated).map(p -> Transformer.mutate("release " + p, r -> r.state.release(p)));
        }
    }

    private static final class Fail implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            Arbitrary<Coordinate> at = Combinators.combine(Arbitraries.integers().between(0, 7),
                    Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 3)).as(Coordinate::new);
            Arbitrary<Dimension> dimension = Arbitraries.of(Dimension.class);
            Arbitrary<Component> component = Arbitraries.oneOf(
                    at.map(Component.MidplaneAt::new),
                    Combinators.combine(dimension, at).as(Component.SwitchAt::new),
                    Combinators.combine(dimension, at, Arbitraries.integers().between(0, 13)).as((d, c, i) ->
                            new Component.CableAt(Line.through(d, c), i % MACHINE.wiring().line(d).cables().size())));
            return component.map(c -> Transformer.mutate("fail " + c, run -> {
                run.state.markDown(c);
                if (!run.down.contains(c)) run.down.add(c);
            }));
        }
    }

    private static final class Repair implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.down.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.of(List.copyOf(run.down)).map(c -> Transformer.mutate("repair " + c, r -> {
                r.state.markUp(c);
                r.down.remove(c);
            }));
        }
    }

    /** Every midplane, switch and cable a partition uses, worked out from its box and link sets. */
    private static List<Component> resources(Partition p) {
        List<Component> held = new ArrayList<>();
        for (Coordinate c : p.midplanes(MACHINE.shape())) {
            held.add(new Component.MidplaneAt(c));
            for (Dimension d : Dimension.values()) {
                held.add(new Component.SwitchAt(d, c));
                if (c.get(d) != p.base().get(d)) continue;
                Line line = Line.through(d, c);
                LinkSet linkSet = p.linkSet(d);
                for (int i = 0; i < Long.SIZE; i++)
                    if ((linkSet.cables() >> i & 1) != 0) held.add(new Component.CableAt(line, i));
                for (int i = 0; i < MACHINE.shape().extent(d); i++)
                    if ((linkSet.passThrough() >> i & 1) != 0) held.add(new Component.SwitchAt(d, line.at(i)));
            }
        }
        return held;
    }

    /** Every midplane and cable a partition holds alone; it shares its switches, port by port. */
    private static void nothingHeldTwice(Run run) {
        Set<Component> held = new HashSet<>();
        for (Partition p : run.state.allocated())
            for (Component c : resources(p))
                if (!(c instanceof Component.SwitchAt)) assertTrue(held.add(c), c + " held twice");
    }

    private static void stateIsItsParts(Run run) {
        BglState rebuilt = MACHINE.newState();
        run.state.allocated().forEach(rebuilt::allocate);
        run.down.forEach(rebuilt::markDown);
        assertEquals(rebuilt, run.state);
    }

    /**
     * The derived masks, worked out from the allocated partitions and the failures alone: a midplane may be taken
     * when neither it nor one of its switches is held or down (ports shared, so a held midplane's switches still
     * serve pass-throughs); a cable is busy when held or down; a switch may not be passed through when down.
     */
    private static void derivedMasksAreItsParts(Run run) {
        Grid grid = MACHINE.grid();
        Set<Component> held = new HashSet<>();
        for (Partition p : run.state.allocated())
            for (Component c : resources(p)) if (!(c instanceof Component.SwitchAt)) held.add(c);
        Set<Component> down = new HashSet<>(run.down);
        int[] available = new int[grid.lineCount(Dimension.X)];
        int free = 0;
        for (Coordinate c : box(MACHINE.shape())) {
            Component midplane = new Component.MidplaneAt(c);
            if (held.contains(midplane) || down.contains(midplane)) continue;
            free++;
            boolean switchesUp = true;
            for (Dimension d : Dimension.values()) switchesUp &= !down.contains(new Component.SwitchAt(d, c));
            if (switchesUp) available[grid.xLine(c.y(), c.z())] |= 1 << c.x();
        }
        assertEquals(free, run.state.freeMidplanes(), "free midplanes");
        int[] availableNow = new int[available.length];
        for (int xLine = 0; xLine < available.length; xLine++) availableNow[xLine] = run.state.available(xLine);
        assertArrayEquals(available, availableNow, "available midplanes");
        for (Dimension d : Dimension.values()) {
            int[] switchBusy = new int[grid.lineCount(d)];
            long[] cableBusy = new long[grid.lineCount(d)];
            int cables = MACHINE.wiring().line(d).cables().size();
            for (Coordinate c : box(MACHINE.shape())) {
                if (down.contains(new Component.SwitchAt(d, c))) switchBusy[grid.line(d, c)] |= 1 << c.get(d);
                if (c.get(d) != 0) continue;
                Line line = Line.through(d, c);
                for (int i = 0; i < cables; i++) {
                    Component cable = new Component.CableAt(line, i);
                    if (held.contains(cable) || down.contains(cable)) cableBusy[grid.line(line)] |= 1L << i;
                }
            }
            int[] switchBusyNow = new int[switchBusy.length];
            long[] cableBusyNow = new long[cableBusy.length];
            for (int line = 0; line < switchBusy.length; line++) {
                switchBusyNow[line] = run.state.switchBusy(d.ordinal(), line);
                cableBusyNow[line] = run.state.cableBusy(d.ordinal(), line);
            }
            assertArrayEquals(switchBusy, switchBusyNow, d + " switches busy");
            assertArrayEquals(cableBusy, cableBusyNow, d + " cables busy");
        }
    }

    /** Every midplane of a machine of {@code size} midplanes. */
    private static List<Coordinate> box(Shape size) {
        List<Coordinate> all = new ArrayList<>();
        for (int z = 0; z < size.z(); z++)
            for (int y = 0; y < size.y(); y++)
                for (int x = 0; x < size.x(); x++) all.add(new Coordinate(x, y, z));
        return all;
    }
}
