package org.bgctl.machine.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Block;
import org.bgctl.machine.Demand;
import org.bgctl.machine.NodeClaim;

/**
 * Random sequences of buddy and free-list allocations and releases on a buddy machine never hold a
 * node twice, the allocator refuses any claim on a held node, and releasing everything leaves the
 * machine as it started.
 */
class BuddyLinePropertyTest {

    private static final int NODES = 45;

    /** The machine under test and what it holds. */
    static final class Run {
        final BuddyMachine machine = new BuddyMachine(NODES);
        final List<Allocation> held = new ArrayList<>();

        @Override
        public String toString() {
            return held.toString();
        }
    }

    @Property(tries = 200)
    void noNodeIsHeldTwiceAndReleasingEverythingRestoresTheLine(@ForAll("runs") ActionChain<Run> chain) {
        chain.withInvariant("nothing held twice", BuddyLinePropertyTest::nothingHeldTwice)
                .run();
    }

    @Provide
    Arbitrary<ActionChain<Run>> runs() {
        return ActionChain.<Run>startWith(Run::new)
                .withAction(3, new TakeBuddy())
                .withAction(3, new TakeList())
                .withAction(2, new Release())
                .withAction(1, new ReleaseAll())
                .withMaxTransformations(60);
    }

    private static final class TakeBuddy implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Arbitraries.integers().between(1, NODES).map(n -> Transformer.mutate("buddy for " + n, run -> {
                for (int b : run.machine.tree().smallestHolding(n)) {
                    Allocation a = run.machine.buddy(b);
                    if (!run.machine.isFree(a)) continue;
                    take(run, a);
                    return;
                }
            }));
        }
    }

    private static final class TakeList implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Arbitraries.integers().between(1, NODES).map(n -> Transformer.mutate("list of " + n, run -> {
                Allocation a = run.machine.place(new Demand(n));
                if (a == null) assertTrue(run.machine.freeNodes() < n);
                else take(run, a);
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
            return Arbitraries.integers().between(0, run.held.size() - 1)
                    .map(i -> Transformer.mutate("release " + i, r -> {
                        Allocation a = r.held.remove((int) i);
                        r.machine.release(a);
                        assertTrue(r.machine.isFree(a), "released nodes are free again");
                    }));
        }
    }

    private static final class ReleaseAll implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Arbitraries.just(Transformer.mutate("release all", run -> {
                for (Allocation a : run.held) run.machine.release(a);
                run.held.clear();
                assertEquals(NODES, run.machine.freeNodes());
                for (int i = 0; i < NODES; i++) assertFalse(run.machine.held(i), "node " + i);
                assertTrue(run.machine.isFree(run.machine.buddy(0)), "the root buddy is whole again");
            }));
        }
    }

    private static void take(Run run, Allocation a) {
        run.machine.allocate(a);
        assertFalse(run.machine.isFree(a), "a held allocation cannot be taken again");
        run.held.add(a);
    }

    private static void nothingHeldTwice(Run run) {
        boolean[] seen = new boolean[NODES];
        int held = 0;
        for (Allocation a : run.held) {
            for (Block b : ((NodeClaim) a.claims().get(0)).blocks()) {
                for (int i = b.x(); i < b.xEnd(); i++) {
                    assertFalse(seen[i], "node " + i + " held twice");
                    assertTrue(run.machine.held(i), "node " + i + " held by an allocation but free on the machine");
                    seen[i] = true;
                    held++;
                }
            }
        }
        assertEquals(NODES - held, run.machine.freeNodes());
    }
}
