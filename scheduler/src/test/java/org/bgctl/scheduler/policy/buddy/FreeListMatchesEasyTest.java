package org.bgctl.scheduler.policy.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.policy.EasyBackfill;

/**
 * The free-list scheme on a buddy machine plans with node positions and free times, yet is EASY
 * backfilling on a free list: every job starts and ends when it does under {@code easy} on a flat
 * machine of the same size — communication-intensive jobs included, since a free list never gives
 * them a contiguous block.
 */
class FreeListMatchesEasyTest {

    private static final int NODES = 45;

    /** One generated job before ids and submit times are assigned. */
    record Spec(int gap, int run, int slack, int size, boolean intensive) {
    }

    @Property(tries = 60)
    void freeListSchedulesLikeEasyOnAFlatMachine(@ForAll("workloads") List<Job> jobs) {
        var flat = ScheduleRecorder.run(new EasyBackfill(), new FlatMachine(NODES), jobs);
        var list = ScheduleRecorder.run(new BuddyBackfill(AllocationScheme.FREE_LIST), new BuddyMachine(NODES), jobs);
        assertEquals(flat.starts(), list.starts());
        assertEquals(flat.ends(), list.ends());
    }

    @Provide
    Arbitrary<List<Job>> workloads() {
        Arbitrary<Spec> spec = Combinators.combine(Arbitraries.integers().between(0, 300),
                Arbitraries.integers().between(0, 4000).edgeCases(e -> e.add(0)),
                Arbitraries.integers().between(0, 6000).edgeCases(e -> e.add(0)),
                Arbitraries.integers().between(1, NODES), Arbitraries.of(true, false)).as(Spec::new);
        return spec.list().ofMinSize(1).ofMaxSize(300).map(FreeListMatchesEasyTest::jobs);
    }

    private static List<Job> jobs(List<Spec> specs) {
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (Spec s : specs) {
            t += s.gap();
            Job job = Job.of(jobs.size() + 1, t, s.run(), s.run() + s.slack(), s.size());
            jobs.add(s.intensive() ? job.withCommunication(Communication.intensive(0.3)) : job);
        }
        return jobs;
    }
}
