package org.bgctl.machine.bgl;

import static org.bgctl.machine.Topology.MESH;
import static org.bgctl.machine.Topology.TORUS;
import static org.bgctl.machine.bgl.Fixtures.BGL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.junit.jupiter.api.Test;

/**
 * The search remembers results by the state's masks: every change of the state — allocation, release, a
 * component down or up — must give new masks, and a copy must share them only while unchanged.
 */
class RememberedSearchTest {
    private final PartitionSearch search = new PartitionSearch(BGL);

    @Test
    void anAllocatedPartitionIsNotFoundAgain() {
        BglState state = BGL.newState();
        PartitionRequest request = PartitionRequest.ofSize(4, TORUS);
        Partition first = search.best(state, request).orElseThrow();
        state.allocate(first);
        Partition second = search.best(state, request).orElseThrow();
        assertNotEquals(first, second);
        state.release(first);
        assertEquals(first, search.best(state, request).orElseThrow());
    }

    @Test
    void aMidplaneDownOrUpChangesTheResult() {
        BglState state = BGL.newState();
        PartitionRequest request = PartitionRequest.ofSize(1, MESH);
        Partition first = search.best(state, request).orElseThrow();
        Component midplane = new Component.MidplaneAt(first.base());
        state.markDown(midplane);
        assertNotEquals(first, search.best(state, request).orElseThrow());
        state.markUp(midplane);
        assertEquals(first, search.best(state, request).orElseThrow());
    }

    @Test
    void aCopyChangedAfterASearchIsSearchedAfresh() {
        BglState state = BGL.newState();
        PartitionRequest request = PartitionRequest.ofSize(8, MESH);
        Partition first = search.best(state, request).orElseThrow();
        BglState copy = state.copy();
        copy.allocate(first);
        assertNotEquals(first, search.best(copy, request).orElseThrow());
        assertEquals(first, search.best(state, request).orElseThrow());
    }

    @Test
    void bestInBothIsRememberedForThePairNotForEitherState() {
        BglState now = BGL.newState();
        BglState later = BGL.newState();
        PartitionRequest request = PartitionRequest.ofSize(2, TORUS);
        Partition alone = search.best(now, request).orElseThrow();
        later.allocate(alone);
        Partition both = search.bestInBoth(now, later, request).orElseThrow();
        assertNotEquals(alone, both);
        assertTrue(later.fits(both) && now.fits(both));
        assertEquals(alone, search.best(now, request).orElseThrow());
    }

    /**
     * A state remembers the masks of what is free in both it and the other state's masks last asked for: through
     * random allocations, releases and failures of either side, the pair's result is that of a fresh search on the
     * two states rebuilt from their parts.
     */
    @Test
    void bestInBothFollowsChangesOfEitherState() {
        Random random = new Random(11);
        List<BglState> states = List.of(BGL.newState(), BGL.newState());
        List<Set<Component>> down = List.of(new HashSet<>(), new HashSet<>());
        PartitionRequest request = PartitionRequest.ofSize(2, TORUS);
        for (int step = 0; step < 300; step++) {
            Optional<Partition> both = search.bestInBoth(states.get(0), states.get(1), request);
            assertEquals(new PartitionSearch(BGL).bestInBoth(rebuilt(states.get(0), down.get(0)),
                    rebuilt(states.get(1), down.get(1)), request), both, "step " + step);
            int side = random.nextInt(2);
            BglState changed = states.get(side);
            List<Partition> allocated = changed.allocated();
            int action = random.nextInt(10);
            Optional<Partition> best = search.best(changed, PartitionRequest.ofSize(1 + random.nextInt(4), MESH));
            if (action < 5 && best.isPresent()) {
                changed.allocate(best.get());
            } else if (action < 8 && !allocated.isEmpty()) {
                changed.release(allocated.get(random.nextInt(allocated.size())));
            } else if (action < 9) {
                Component c = new Component.MidplaneAt(new Coordinate(random.nextInt(8), random.nextInt(4), random.nextInt(4)));
                if (down.get(side).remove(c)) changed.markUp(c);
                else {
                    changed.markDown(c);
                    down.get(side).add(c);
                }
            }
        }
    }

    /** A new state with the partitions of {@code state} allocated and {@code down} down. */
    private static BglState rebuilt(BglState state, Set<Component> down) {
        BglState fresh = BGL.newState();
        for (Partition p : state.allocated()) fresh.allocate(p);
        for (Component c : down) fresh.markDown(c);
        return fresh;
    }

    /** Random allocations, releases and failures: the remembered best is always the best of all candidates. */
    @Test
    void rememberedResultsMatchAFreshScanThroughRandomChanges() {
        Random random = new Random(7);
        BglState state = BGL.newState();
        List<PartitionRequest> requests = List.of(PartitionRequest.ofSize(1, MESH), PartitionRequest.ofSize(2, TORUS),
                PartitionRequest.ofSize(4, MESH), PartitionRequest.ofShape(new Shape(2, 2, 1), TORUS),
                PartitionRequest.ofSize(8, TORUS));
        for (int step = 0; step < 300; step++) {
            PartitionRequest request = requests.get(random.nextInt(requests.size()));
            Optional<Partition> best = search.best(state, request);
            assertEquals(search.candidates(state, request).stream().min(Comparator.comparingInt(Partition::cableCount)),
                    best, "step " + step);
            List<Partition> allocated = state.allocated();
            int action = random.nextInt(10);
            if (action < 5 && best.isPresent()) {
                state.allocate(best.get());
            } else if (action < 8 && !allocated.isEmpty()) {
                state.release(allocated.get(random.nextInt(allocated.size())));
            } else {
                Component c = new Component.SwitchAt(Dimension.values()[random.nextInt(3)],
                        new Coordinate(random.nextInt(8), random.nextInt(4), random.nextInt(4)));
                if (state.isDown(c)) state.markUp(c);
                else state.markDown(c);
            }
        }
    }
}
