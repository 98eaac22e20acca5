package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The free-node profile of conservative backfilling: earliest fitting start and reservations. */
class CapacityProfileTest {

    @Test
    void anEmptyProfileFitsAnythingUpToItsFreeNodesNow() {
        CapacityProfile p = new CapacityProfile(0, 10);
        assertEquals(0, p.earliestStart(10, 100));
        assertEquals(Long.MAX_VALUE, p.earliestStart(11, 1));
    }

    @Test
    void releasesMakeRoomLater() {
        // 5 free from 0, 5 more from 100, 2 more from 300: 8 nodes fit at 100, 12 at 300.
        CapacityProfile p = new CapacityProfile(0, 5);
        p.releaseAt(300, 2);
        p.releaseAt(100, 5);
        assertEquals(0, p.earliestStart(5, 1000));
        assertEquals(100, p.earliestStart(8, 10));
        assertEquals(300, p.earliestStart(12, 10));
        assertEquals(Long.MAX_VALUE, p.earliestStart(13, 10));
    }

    @Test
    void aJobMustFitOverItsWholeDuration() {
        // 10 free; 8 taken over [50,100): [0,50) 10, [50,100) 2, [100,...) 10.
        CapacityProfile p = new CapacityProfile(0, 10);
        p.reserve(50, 50, 8);
        assertEquals(0, p.earliestStart(5, 50), "ends exactly where the reservation begins");
        assertEquals(100, p.earliestStart(5, 51), "would overlap [50,100) by one second");
        assertEquals(0, p.earliestStart(2, 1000), "2 nodes stay free throughout");
        assertEquals(100, p.earliestStart(3, 1000));
    }

    @Test
    void aZeroDurationNeedsItsNodesAtOneInstantAndReservesNothing() {
        // [0,100) 2, then 10: 10 nodes at one instant fit at 100.
        CapacityProfile p = new CapacityProfile(0, 2);
        p.releaseAt(100, 8);
        assertEquals(100, p.earliestStart(10, 0));
        p.reserve(100, 0, 10);
        assertEquals(100, p.earliestStart(10, 500), "a zero-length reservation took nothing");
        // An instant inside a busy stretch: [0,50) 10, [50,100) 0, [100,...) 10 — 10 nodes for
        // 0 s fit at 0, for 51 s only at 100.
        CapacityProfile q = new CapacityProfile(0, 10);
        q.reserve(50, 50, 10);
        assertEquals(0, q.earliestStart(10, 0));
        assertEquals(100, q.earliestStart(10, 51));
    }

    @Test
    void adjacentReservationsLeaveNoGapBetweenThem() {
        CapacityProfile p = new CapacityProfile(0, 10);
        p.reserve(0, 50, 10);
        p.reserve(50, 50, 10);
        assertEquals(100, p.earliestStart(1, 1));
    }

    @Test
    void manyStepsStayCorrect() {
        // 20 reservations of all nodes over [10i, 10i+5): more steps than the initial capacity.
        CapacityProfile p = new CapacityProfile(0, 10);
        for (int i = 0; i < 20; i++) p.reserve(10L * i, 5, 10);
        assertEquals(5, p.earliestStart(10, 5), "the first 5-second gap");
        assertEquals(195, p.earliestStart(10, 6), "no gap is 6 seconds long before the last reservation ends");
        assertEquals(195, p.earliestStart(1, 1000));
    }

    /**
     * Random releases and conservative-style placements (earliest start, then reserve there) agree
     * with a profile kept as one free-node count per second.
     */
    @Property(tries = 200)
    void agreesWithAPerSecondProfile(@ForAll("releases") List<int[]> releases, @ForAll("jobs") List<int[]> jobs,
                                     @ForAll("now") int now) {
        int horizon = now + 200 + jobs.size() * 60 + 1;
        int freeNow = 3;
        int total = freeNow;
        CapacityProfile profile = new CapacityProfile(now, freeNow);
        int[] perSecond = new int[horizon + 1];
        Arrays.fill(perSecond, freeNow);
        for (int[] r : releases) {
            int at = now + r[0];
            profile.releaseAt(at, r[1]);
            for (int t = at; t <= horizon; t++) perSecond[t] += r[1];
            total += r[1];
        }
        for (int[] job : jobs) {
            int nodes = Math.min(job[0], total);
            int duration = job[1];
            long expected = earliest(perSecond, now, nodes, duration);
            long actual = profile.earliestStart(nodes, duration);
            assertEquals(expected, actual, "earliest start of " + nodes + " nodes for " + duration + " s");
            profile.reserve(actual, duration, nodes);
            for (long t = actual; t < actual + duration; t++) perSecond[(int) t] -= nodes;
        }
    }

    private static long earliest(int[] free, int now, int nodes, int duration) {
        for (int t = now; ; t++) {
            boolean fits = free[t] >= nodes;
            for (int s = t; fits && s < t + duration; s++) fits = free[s] >= nodes;
            if (fits) return t;
        }
    }

    @Provide
    Arbitrary<Integer> now() {
        return Arbitraries.integers().between(0, 1000);
    }

    @Provide
    Arbitrary<List<int[]>> releases() {
        return Combinators.combine(Arbitraries.integers().between(0, 200), Arbitraries.integers().between(1, 4))
                .as((at, nodes) -> new int[] {at, nodes}).list().ofMaxSize(8);
    }

    @Provide
    Arbitrary<List<int[]>> jobs() {
        return Combinators.combine(Arbitraries.integers().between(1, 12), Arbitraries.integers().between(0, 60))
                .as((nodes, duration) -> new int[] {nodes, duration}).list().ofMaxSize(12);
    }
}
