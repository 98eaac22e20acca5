package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;

/**
 * Reservations on random flat machines, jobs and windows, under every policy for flat machines that does not
 * preempt (a suspended job runs past its estimate, so preemptive FCFS refuses reservations): no job runs on
 * reserved nodes during a window — at every instant of a window the nodes of the jobs running then and the nodes
 * the windows keep fit on the machine, and no job runs at all in a window of the whole machine — and every job still
 * starts and finishes once.
 */
class ReservationPropertiesTest {

    record Case(int nodes, List<Job> jobs, Reservations windows) {
    }

    @Property(tries = 150)
    void noJobRunsOnReservedNodesDuringAWindow(@ForAll("cases") Case c) {
        for (String policy : SchedulePropertiesTest.nonPreemptive()) {
            ScheduleRecorder r = new ScheduleRecorder();
            SchedulerCore core = new SchedulerCore(Policies.create(policy), new FlatMachine(c.nodes()));
            core.reserve(c.windows());
            new DirectExecutor(core, r).run(new Arrivals(c.jobs().iterator()));
            Map<Long, Long> starts = r.starts();
            Map<Long, Long> ends = r.ends();
            assertEquals(c.jobs().size(), starts.size(), policy + ": every job starts");
            assertEquals(c.jobs().size(), ends.size(), policy + ": every job ends");
            // jobs that run across a window's start hold their nodes then
            for (Reservation w : c.windows().windows()) {
                long used = 0;
                for (Job j : c.jobs())
                    if (starts.get(j.id()) <= w.start() && w.start() < ends.get(j.id())) used += j.size();
                assertFits(policy, c, w.start(), used);
                if (w.all()) assertEquals(0, used, policy + ": a job runs at " + w.start() + " in " + w);
            }
            // at each start, in the order the schedule made them, the nodes in use and those the windows keep then fit
            // on the machine; a job planned to take no time (estimate 0) holds its nodes at no instant of a window
            Map<Long, Integer> sizes = new java.util.HashMap<>();
            for (Job j : c.jobs()) sizes.put(j.id(), j.estimate() == 0 ? 0 : j.size());
            long used = 0;
            for (SchedulerEvent e : r.events()) {
                if (e instanceof JobFinished f) used -= sizes.get(f.jobId());
                if (!(e instanceof JobStarted s)) continue;
                used += sizes.get(s.jobId());
                assertFits(policy, c, s.time(), used);
                for (Reservation w : c.windows().activeAt(s.time()))
                    if (w.all()) fail(policy + ": job " + s.jobId() + " starts at " + s.time() + " in " + w);
            }
        }
    }

    /**
     * Jobs planned to take no time hold their nodes at no instant of a window: four of them start at once at its start,
     * on 7 nodes of which it keeps 1, and a job that takes time still finds the kept node taken from it.
     */
    @Example
    void jobsOfNoLengthAtAWindowsStartRunInTurn() {
        List<Job> jobs = List.of(Job.of(1, 0, 0, 0, 1), Job.of(2, 0, 0, 0, 2), Job.of(3, 0, 0, 0, 2), Job.of(4, 0, 0, 0, 2),
                Job.of(5, 0, 5, 5, 7));
        noJobRunsOnReservedNodesDuringAWindow(new Case(7, jobs,
                new Reservations(List.of(new Reservation("w0", 0, 1, 1, List.of(), false)))));
    }

    private static void assertFits(String policy, Case c, long t, long used) {
        long reserved = 0;
        for (Reservation o : c.windows().activeAt(t)) reserved += o.nodes();
        reserved = Math.min(reserved, c.nodes()); // windows that overlap add up, to the whole machine
        assertTrue(used + reserved <= c.nodes(), policy + ": at " + t + " jobs hold " + used
                + " nodes and windows keep " + reserved + " of " + c.nodes() + "; " + c.windows());
    }

    @Property(tries = 150)
    void fcfsStillStartsJobsInQueueOrder(@ForAll("cases") Case c) {
        ScheduleRecorder r = new ScheduleRecorder();
        SchedulerCore core = new SchedulerCore(Policies.create("fcfs"), new FlatMachine(c.nodes()));
        core.reserve(c.windows());
        new DirectExecutor(core, r).run(new Arrivals(c.jobs().iterator()));
        for (int i = 1; i < c.jobs().size(); i++) {
            long before = r.starts().get(c.jobs().get(i - 1).id());
            long after = r.starts().get(c.jobs().get(i).id());
            assertTrue(before <= after, "job " + i + " starts at " + before + ", job " + (i + 1) + " at " + after);
        }
    }

    /** On the 4x2x2 test machine of midplanes, windows of midplanes: no job holds one of them during its window. */
    @Property(tries = 60)
    void noJobHoldsAReservedMidplaneDuringItsWindow(@ForAll("midplaneCases") Case c) {
        for (String policy : List.of("fcfs", "easy")) {
            ScheduleRecorder r = new ScheduleRecorder();
            SchedulerCore core = new SchedulerCore(Policies.create(policy), SMALL_BGL.copy());
            core.reserve(c.windows());
            new DirectExecutor(core, r).run(new Arrivals(c.jobs().iterator()));
            assertEquals(c.jobs().size(), r.ends().size(), policy + ": every job ends");
            for (SchedulerEvent e : r.events()) {
                if (!(e instanceof JobStarted s)) continue;
                long end = r.ends().get(s.jobId());
                for (Reservation w : c.windows().overlapping(s.time(), end))
                    assertTrue(!w.touches(s.allocation()), policy + ": job " + s.jobId() + " holds "
                            + s.allocation().partition() + " from " + s.time() + " to " + end + " in " + w);
            }
        }
    }

    private static final MachineModel SMALL_BGL = MachineCatalog.create("small-bgl");

    @Provide
    Arbitrary<Case> midplaneCases() {
        List<String> midplanes = SMALL_BGL.units().stream().filter(u -> SMALL_BGL.nodesOf(u) > 0).toList();
        Arbitrary<long[]> jobs = Combinators.combine(Arbitraries.longs().between(0, 40),
                Arbitraries.longs().between(0, 100), Arbitraries.longs().between(0, 50),
                Arbitraries.of(1, 2, 4, 8)).as((g, r, s, z) -> new long[] {g, r, s, z});
        Arbitrary<Reservation> window = Combinators.combine(Arbitraries.longs().between(0, 300),
                Arbitraries.longs().between(1, 150), Arbitraries.subsetOf(midplanes).ofMinSize(1),
                Arbitraries.strings().alpha().ofLength(4))
                .as((s, l, units, name) -> new Reservation(name, s, s + l, units.size() * 512,
                        units.stream().sorted().toList(), units.size() == midplanes.size()));
        return Combinators.combine(jobs.list().ofMinSize(1).ofMaxSize(15), window.list().ofMaxSize(3))
                .as((specs, windows) -> {
                    List<Job> list = new ArrayList<>();
                    long submit = 0;
                    for (int i = 0; i < specs.size(); i++) {
                        long[] j = specs.get(i);
                        submit += j[0];
                        list.add(Job.of(i + 1, submit, j[1], j[1] + j[2], (int) j[3] * 512));
                    }
                    return new Case(16, list, new Reservations(windows));
                });
    }

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.integers().between(1, 12).flatMap(nodes -> Combinators.combine(
                job(nodes).list().ofMinSize(1).ofMaxSize(20),
                window(nodes).list().ofMaxSize(3)).as((specs, windows) -> build(nodes, specs, windows)));
    }

    /** gap to the previous submit, run time, estimate minus run time, size. */
    private static Arbitrary<long[]> job(int nodes) {
        return Combinators.combine(Arbitraries.longs().between(0, 40), Arbitraries.longs().between(0, 100),
                Arbitraries.longs().between(0, 50), Arbitraries.integers().between(1, nodes))
                .as((g, r, s, z) -> new long[] {g, r, s, z});
    }

    /** start, length, nodes (the whole machine one time in three). */
    private static Arbitrary<long[]> window(int nodes) {
        return Combinators.combine(Arbitraries.longs().between(0, 400), Arbitraries.longs().between(1, 150),
                Arbitraries.integers().between(1, nodes * 3 / 2 + 1))
                .as((s, l, n) -> new long[] {s, l, Math.min(n, nodes)});
    }

    private static Case build(int nodes, List<long[]> specs, List<long[]> windowSpecs) {
        List<Job> jobs = new ArrayList<>();
        long submit = 0;
        for (int i = 0; i < specs.size(); i++) {
            long[] s = specs.get(i);
            submit += s[0];
            jobs.add(Job.of(i + 1, submit, s[1], s[1] + s[2], (int) s[3]));
        }
        List<Reservation> windows = new ArrayList<>();
        for (int i = 0; i < windowSpecs.size(); i++) {
            long[] w = windowSpecs.get(i);
            windows.add(new Reservation("w" + i, w[0], w[0] + w[1], (int) w[2], List.of(), w[2] == nodes));
        }
        return new Case(nodes, jobs, new Reservations(windows));
    }
}
