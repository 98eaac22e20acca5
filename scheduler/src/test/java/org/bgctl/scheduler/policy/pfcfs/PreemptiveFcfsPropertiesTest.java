package org.bgctl.scheduler.policy.pfcfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.bgctl.machine.flat.FlatMachine;
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
 * Preemptive FCFS on random flat machines, jobs and parameters. The events are replayed on individual nodes
 * — a job starts on free nodes, the wide job on the free nodes and then those of the jobs it preempted, in
 * order — and no node ever holds two running or two suspended jobs, or a job on a node that is not free. Every
 * job starts once and finishes once, after computing exactly its run time: the time it held its nodes, less
 * the time it was suspended and the penalty of each time it was switched in.
 */
class PreemptiveFcfsPropertiesTest {

    record Case(int nodes, GangSettings settings, List<Job> jobs) {
    }

    @Property(tries = 300)
    void noNodeHoldsTwoSuspendedJobsAndEveryJobGetsExactlyItsRunTime(@ForAll("cases") Case c) {
        List<SchedulerEvent> events = new ArrayList<>();
        new DirectExecutor(new SchedulerCore(new PreemptiveFcfs(c.settings()), new FlatMachine(c.nodes())), events::add)
                .run(new Arrivals(c.jobs().iterator()));
        Nodes nodes = new Nodes(c.nodes());
        ComputedTime time = new ComputedTime();
        // The jobs the next wide job to start preempted, in borrowing order, and that wide job.
        List<Long> preempted = List.of();
        long wide = -1;
        for (SchedulerEvent e : events) {
            if (e instanceof JobStarted s) {
                time.started(s);
                nodes.start(s.jobId(), s.allocation().nodes(), s.jobId() == wide ? preempted : List.of());
                if (s.jobId() == wide) preempted = List.of();
            } else if (e instanceof ContextSwitched cs) {
                time.switched(cs);
                nodes.switchJobs(cs.suspended(), cs.resumed());
                if (cs.resumed().isEmpty()) {
                    preempted = cs.suspended();
                    wide = cs.jobId();
                }
            } else if (e instanceof JobFinished f) {
                time.finished(f);
                nodes.finish(f.jobId());
            }
        }
        time.assertExactlyTheirRunTimes(c.jobs());
        assertTrue(nodes.empty(), "nodes still held at the end: " + nodes);
        Statistics.label("context switches").collect(events.stream().anyMatch(e -> e instanceof ContextSwitched));
    }

    /** Which job runs and which is suspended on each node. */
    static final class Nodes {
        private final long[] running;
        private final long[] suspended;

        Nodes(int n) {
            running = new long[n];
            suspended = new long[n];
            Arrays.fill(running, -1);
            Arrays.fill(suspended, -1);
        }

        /** {@code job} starts on {@code count} nodes: free ones first, then those of the {@code preempted} jobs. */
        void start(long job, int count, List<Long> preempted) {
            int left = count;
            for (int i = 0; i < running.length && left > 0; i++) {
                if (running[i] == -1 && suspended[i] == -1) {
                    running[i] = job;
                    left--;
                }
            }
            for (long p : preempted) {
                for (int i = 0; i < running.length && left > 0; i++) {
                    if (suspended[i] == p && running[i] == -1) {
                        running[i] = job;
                        left--;
                    }
                }
            }
            assertEquals(0, left, "job " + job + " found no " + left + " of its " + count + " nodes free: " + this);
        }

        /** The {@code suspend} jobs stop and keep their nodes; the {@code resume} jobs run again on theirs. */
        void switchJobs(List<Long> suspend, List<Long> resume) {
            Map<Integer, Long> leaving = new HashMap<>();
            for (int i = 0; i < running.length; i++) {
                if (suspend.contains(running[i])) {
                    leaving.put(i, running[i]);
                    running[i] = -1;
                }
            }
            for (int i = 0; i < running.length; i++) {
                if (resume.contains(suspended[i])) {
                    assertEquals(-1, running[i], "node " + i + " resumes job " + suspended[i] + " but runs " + running[i]);
                    running[i] = suspended[i];
                    suspended[i] = -1;
                }
            }
            leaving.forEach((node, job) -> {
                assertEquals(-1, suspended[node], "node " + node + " would hold two suspended jobs: "
                        + suspended[node] + " and " + job);
                suspended[node] = job;
            });
        }

        void finish(long job) {
            for (int i = 0; i < running.length; i++) if (running[i] == job) running[i] = -1;
        }

        boolean empty() {
            return Arrays.stream(running).allMatch(j -> j == -1) && Arrays.stream(suspended).allMatch(j -> j == -1);
        }

        @Override
        public String toString() {
            return "running " + Arrays.toString(running) + ", suspended " + Arrays.toString(suspended);
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        return Combinators.combine(Arbitraries.integers().between(2, 16), RandomGangs.settings()).flatAs((nodes, s) ->
                RandomGangs.jobs(nodes, 30).map(jobs -> new Case(nodes, s, jobs)));
    }
}
