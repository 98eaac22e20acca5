package org.bgctl.scheduler.policy.pfcfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * Preemptive FCFS on machines of whole units — small-bgl (4x2x2 midplanes with switches and cables) and a
 * 2x2x2 torus of supernodes — with random jobs and parameters. The events are replayed on the agents' units
 * (midplanes, supernodes, and the switches whose ports hold the cables): no unit ever holds two running or two
 * suspended jobs, a job starts only on units that are free or keep jobs suspended for it, and a job's units
 * never change. Every job starts once and finishes once, after computing exactly its run time: the time it held
 * its units, less the time it was suspended and the penalty of each time it was switched in.
 */
class PreemptiveFcfsOnUnitsPropertiesTest {

    record Case(String machine, GangSettings settings, List<Job> jobs) {
    }

    @Property(tries = 150)
    void noUnitHoldsTwoSuspendedJobsAndEveryJobGetsExactlyItsRunTime(@ForAll("cases") Case c) {
        List<SchedulerEvent> events = new ArrayList<>();
        MachineModel machine = MachineCatalog.create(c.machine());
        new DirectExecutor(new SchedulerCore(new PreemptiveFcfs(c.settings()), machine), events::add)
                .run(new Arrivals(c.jobs().iterator()));
        Units units = new Units();
        ComputedTime time = new ComputedTime();
        for (SchedulerEvent e : events) {
            if (e instanceof JobStarted s) {
                time.started(s);
                units.start(s.jobId(), s.allocation());
            } else if (e instanceof ContextSwitched cs) {
                time.switched(cs);
                units.switchJobs(cs.jobId(), cs.suspended(), cs.resumed());
            } else if (e instanceof JobFinished f) {
                time.finished(f);
                units.finish(f.jobId());
            }
        }
        time.assertExactlyTheirRunTimes(c.jobs());
        assertTrue(units.empty(), "units still held at the end: " + units);
        Statistics.label("context switches").collect(c.machine(),
                events.stream().filter(e -> e instanceof ContextSwitched).count() > 2 ? "several" : "at most 2");
    }

    /** Which job runs and which is suspended on each unit, and for which wide job it was suspended. */
    static final class Units {
        private final TreeMap<String, Long> running = new TreeMap<>();
        private final TreeMap<String, Long> suspended = new TreeMap<>();
        private final Map<Long, Long> suspendedFor = new HashMap<>();
        private final Map<Long, List<String>> unitsOf = new HashMap<>();

        void start(long job, Allocation allocation) {
            List<String> held = new ArrayList<>();
            for (Claim c : allocation.claims()) {
                if (held.contains(c.unit())) continue;
                held.add(c.unit());
                assertTrue(!running.containsKey(c.unit()), "job " + job + " starts on " + c.unit() + ", which runs job "
                        + running.get(c.unit()));
                Long kept = suspended.get(c.unit());
                assertTrue(kept == null || suspendedFor.get(kept) == job, "job " + job + " starts on " + c.unit()
                        + ", which keeps suspended job " + kept);
                running.put(c.unit(), job);
            }
            unitsOf.put(job, held);
        }

        void switchJobs(long wide, List<Long> suspend, List<Long> resume) {
            List<String> leaving = new ArrayList<>();
            for (long j : suspend) {
                for (String u : unitsOf.get(j)) {
                    assertEquals(j, running.get(u), "job " + j + " is suspended but does not run on " + u);
                    running.remove(u);
                    leaving.add(u);
                }
                suspendedFor.put(j, wide);
            }
            for (long j : resume) {
                for (String u : unitsOf.get(j)) {
                    assertEquals(j, suspended.remove(u), "job " + j + " resumes but is not suspended on " + u);
                    assertTrue(!running.containsKey(u), u + " resumes job " + j + " but runs " + running.get(u));
                    running.put(u, j);
                }
                suspendedFor.remove(j);
            }
            for (long j : suspend) {
                for (String u : unitsOf.get(j)) {
                    assertTrue(!suspended.containsKey(u), u + " would hold two suspended jobs: " + suspended.get(u)
                            + " and " + j);
                    suspended.put(u, j);
                }
            }
        }

        void finish(long job) {
            for (String u : unitsOf.get(job)) {
                assertEquals(job, running.remove(u), "job " + job + " finishes but does not run on " + u);
            }
        }

        boolean empty() {
            return running.isEmpty() && suspended.isEmpty();
        }

        @Override
        public String toString() {
            return "running " + running + ", suspended " + suspended;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        // small-bgl: 16 midplanes of 512 nodes; supernode:2x2x2/1: 8 supernodes of one node.
        Arbitrary<String> machines = Arbitraries.of("small-bgl", "supernode:2x2x2/1");
        return Combinators.combine(machines, RandomGangs.settings()).flatAs((machine, s) ->
                RandomGangs.jobs(MachineCatalog.create(machine).capacity(), 25).map(jobs -> new Case(machine, s, jobs)));
    }
}
