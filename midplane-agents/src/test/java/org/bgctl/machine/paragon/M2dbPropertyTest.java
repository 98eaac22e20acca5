package org.bgctl.machine.paragon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeClaim;

/**
 * Random sequences of M2DB allocations and releases on a node set that is no power of two on
 * either side (so every buddy case occurs) never hold a node twice, give every request exactly
 * its nodes, and releasing everything restores the whole node set as its one free block.
 */
class M2dbPropertyTest {

    private static final Block AREA = new Block(0, 0, 12, 7);

    /** The node set under test and the claims it holds. */
    static final class Run {
        final M2dbNodeSet set = new M2dbNodeSet(AREA);
        final List<NodeClaim> held = new ArrayList<>();

        @Override
        public String toString() {
            return held.toString();
        }
    }

    @Property(tries = 200)
    void noNodeIsHeldTwiceAndReleasingEverythingRestoresTheNodeSet(@ForAll("runs") ActionChain<Run> chain) {
        chain.withInvariant("nothing held twice", M2dbPropertyTest::nothingHeldTwice).run();
    }

    @Provide
    Arbitrary<ActionChain<Run>> runs() {
        return ActionChain.<Run>startWith(Run::new)
                .withAction(4, new Allocate())
                .withAction(2, new Release())
                .withAction(1, new ReleaseAll())
                .withMaxTransformations(50);
    }

    private static final class Allocate implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Arbitraries.integers().between(1, AREA.nodes()).map(n -> Transformer.mutate("allocate " + n, run -> {
                List<Block> blocks = run.set.place(n);
                if (blocks == null) {
                    assertTrue(run.set.freeNodes() < n);
                    return;
                }
                NodeClaim claim = new NodeClaim("ns", n, blocks, false);
                run.set.take(claim);
                assertTrue(run.set.conflict(claim).isPresent(), "a held claim cannot be taken again");
                run.held.add(claim);
            }));
        }
    }

    private static final class Release implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.held.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.integers().between(0, run.held.size() - 1).map(i -> Transformer.mutate("release " + i,
                    r -> r.set.give(r.held.remove((int) i))));
        }
    }

    private static final class ReleaseAll implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Arbitraries.just(Transformer.mutate("release all", run -> {
                for (NodeClaim c : run.held) run.set.give(c);
                run.held.clear();
                assertEquals(List.of(AREA), run.set.freeBlocks());
                assertEquals(AREA.nodes(), run.set.freeNodes());
                assertNull(run.set.place(AREA.nodes() + 1));
            }));
        }
    }

    private static void nothingHeldTwice(Run run) {
        boolean[][] seen = new boolean[AREA.width()][AREA.height()];
        int held = 0;
        for (NodeClaim c : run.held) {
            for (Block b : c.blocks()) {
                for (int x = b.x(); x < b.xEnd(); x++) {
                    for (int y = b.y(); y < b.yEnd(); y++) {
                        assertFalse(seen[x][y], "node " + x + "," + y + " held twice");
                        seen[x][y] = true;
                        held++;
                    }
                }
            }
        }
        assertEquals(AREA.nodes() - held, run.set.freeNodes());
        int free = 0;
        for (Block b : run.set.freeBlocks()) {
            for (int x = b.x(); x < b.xEnd(); x++) {
                for (int y = b.y(); y < b.yEnd(); y++)
                    assertFalse(seen[x][y], "free block " + b + " holds a held node");
            }
            free += b.nodes();
        }
        assertEquals(run.set.freeNodes(), free, "the free blocks hold every free node");
    }
}
