package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.Policy;

/**
 * Invariants of every policy on random job sets and random flat machines: capacity, causality,
 * one start and one finish per job at start + run time, FCFS order, the blocked head's shadow
 * time as an upper bound of its start, and determinism. Each property runs every policy that schedules a
 * flat machine without preempting (preemptive FCFS has its own properties: PreemptiveFcfsPropertiesTest).
 */
class SchedulePropertiesTest {

    /** A random flat machine and jobs that all fit on it, in submit order. */
    record Case(int nodes, List<Job> jobs) {
    }

    /** What one policy did with a case. */
    record Run(Case input, String policy, List<SchedulerEvent> events, List<BlockedHead> blocked) {

        Map<Long, Job> jobs() {
            Map<Long, Job> byId = new HashMap<>();
            for (Job j : input.jobs()) byId.put(j.id(), j);
            return byId;
        }

        Map<Long, Long> starts() {
            Map<Long, Long> starts = new HashMap<>();
            for (SchedulerEvent e : events) if (e instanceof JobStarted st) starts.put(st.jobId(), st.time());
            return starts;
        }
    }

    /** A pass that left the queue head waiting, and the head's shadow time computed for that pass. */
    record BlockedHead(long now, Job head, long shadow) {
    }

    @Property(tries = 200)
    void neverMoreNodesInUseThanTheMachineHas(@ForAll("cases") Case c) {
        for (Run run : runAll(c)) {
            Map<Long, Job> jobs = run.jobs();
            // In event order, exactly as the executor changed the machine: a job of run time 0
            // holds its nodes from its start to its finish at the same instant.
            int busy = 0;
            for (SchedulerEvent e : run.events()) {
                if (e instanceof JobStarted s) {
                    assertEquals(jobs.get(s.jobId()).size(), s.allocation().nodes(), run.policy());
                    busy += s.allocation().nodes();
                }
                if (e instanceof JobFinished f) busy -= jobs.get(f.jobId()).size();
                assertTrue(busy <= c.nodes(), run.policy() + ": " + busy + " nodes busy after " + e);
            }
            // Over time with actual run times: jobs hold [start, end); a job of run time 0 takes
            // no time there (it may share its instant with a job started after its finish).
            Map<Long, Long> starts = run.starts();
            for (long t : starts.values()) {
                int inUse = 0;
                for (Job j : c.jobs()) {
                    long s = starts.get(j.id());
                    if (s <= t && t < s + j.runtime()) inUse += j.size();
                }
                assertTrue(inUse <= c.nodes(), run.policy() + ": " + inUse + " nodes in use at " + t);
            }
        }
    }

    @Property(tries = 200)
    void everyJobIsSubmittedStartedAndFinishedOnceNeverBeforeItsSubmit(@ForAll("cases") Case c) {
        for (Run run : runAll(c)) {
            Map<Long, Job> jobs = run.jobs();
            Map<Long, List<SchedulerEvent>> byJob = new HashMap<>();
            for (SchedulerEvent e : run.events()) byJob.computeIfAbsent(((JobEvent) e).jobId(), id -> new ArrayList<>()).add(e);
            assertEquals(jobs.keySet(), byJob.keySet(), run.policy());
            for (Job j : c.jobs()) {
                List<SchedulerEvent> es = byJob.get(j.id());
                String where = run.policy() + ", job " + j.id() + ": " + es;
                assertEquals(3, es.size(), where);
                assertEquals(new JobSubmitted(j), es.get(0), where);
                JobStarted started = (JobStarted) es.get(1);
                assertTrue(started.time() >= j.submit(), where);
                assertEquals(new JobFinished(j.id(), started.time() + j.runtime()), es.get(2), where);
            }
        }
    }

    @Property(tries = 200)
    void eventTimesNeverGoBack(@ForAll("cases") Case c) {
        for (Run run : runAll(c)) {
            long last = Long.MIN_VALUE;
            for (SchedulerEvent e : run.events()) {
                assertTrue(e.time() >= last, run.policy() + ": " + e + " after time " + last);
                last = e.time();
            }
        }
    }

    @Property(tries = 200)
    void fcfsStartTimesNeverDecreaseInQueueOrder(@ForAll("cases") Case c) {
        Run run = run(c, "fcfs");
        Map<Long, Long> starts = run.starts();
        List<Job> queueOrder = new ArrayList<>(c.jobs());
        queueOrder.sort(Job.QUEUE_ORDER);
        for (int i = 1; i < queueOrder.size(); i++) {
            assertTrue(starts.get(queueOrder.get(i - 1).id()) <= starts.get(queueOrder.get(i).id()),
                    "jobs " + queueOrder.get(i - 1).id() + " and " + queueOrder.get(i).id());
        }
    }

    /**
     * When all instants' events are done, the queue head does not fit in the free nodes: no
     * policy leaves a head waiting that it could start.
     */
    @Property(tries = 200)
    void noQueueHeadWaitsWhileItFits(@ForAll("cases") Case c) {
        for (Run run : runAll(c)) {
            Map<Long, Job> jobs = run.jobs();
            TreeSet<Job> queue = new TreeSet<>(Job.QUEUE_ORDER);
            int free = c.nodes();
            List<SchedulerEvent> events = run.events();
            for (int i = 0; i < events.size(); i++) {
                SchedulerEvent e = events.get(i);
                Job j = jobs.get(((JobEvent) e).jobId());
                if (e instanceof JobSubmitted) queue.add(j);
                if (e instanceof JobStarted) {
                    queue.remove(j);
                    free -= j.size();
                }
                if (e instanceof JobFinished) free += j.size();
                boolean instantDone = i + 1 == events.size() || events.get(i + 1).time() > e.time();
                if (instantDone && !queue.isEmpty()) {
                    assertTrue(queue.first().size() > free, run.policy() + ": job " + queue.first().id()
                            + " waits at " + e.time() + " with " + free + " nodes free");
                }
            }
        }
    }

    /**
     * A head left waiting by a pass starts no later than its shadow time at that pass: the
     * earliest estimated end (of a running job, or now + estimate for a job started in the pass)
     * at which enough nodes are free. Estimates never fall below run times, and backfilled jobs
     * either end by the shadow time or leave the head's nodes free. Under conservative
     * backfilling a head estimated at 0 s reserves an instant only, which later jobs may cover
     * (ConservativeBackfillTest#aZeroEstimateReservationTakesNothingFromTheProfile), so there the
     * bound is checked for heads with a positive estimate.
     */
    @Property(tries = 200)
    void aBlockedHeadStartsByItsShadowTime(@ForAll("cases") Case c) {
        for (Run run : runAll(c)) {
            Map<Long, Long> starts = run.starts();
            for (BlockedHead b : run.blocked()) {
                if (run.policy().equals("conservative") && b.head().estimate() == 0) continue;
                assertTrue(starts.get(b.head().id()) <= b.shadow(), run.policy() + ": job " + b.head().id()
                        + " blocked at " + b.now() + " with shadow " + b.shadow() + " started at "
                        + starts.get(b.head().id()));
            }
        }
    }

    @Property(tries = 200)
    void theSameInputGivesTheSameEvents(@ForAll("cases") Case c) {
        for (String policy : nonPreemptive()) {
            assertEquals(run(c, policy).events(), run(c, policy).events(), policy);
        }
    }

    // --- running and observing ---

    static List<Run> runAll(Case c) {
        return nonPreemptive().stream().map(p -> run(c, p)).toList();
    }

    static List<String> nonPreemptive() {
        return Policies.namesFor(new FlatMachine(1)).stream().filter(p -> !Policies.preempts(p)).toList();
    }

    static Run run(Case c, String policy) {
        HeadWatch watch = new HeadWatch(Policies.create(policy));
        List<SchedulerEvent> events = new ArrayList<>();
        new DirectExecutor(new SchedulerCore(watch, new FlatMachine(c.nodes())), events::add)
                .run(new Arrivals(c.jobs().iterator()));
        return new Run(c, policy, events, watch.blocked);
    }

    /** Passes a policy's decisions through, noting each pass that leaves the queue head waiting. */
    static final class HeadWatch implements Policy {
        private final Policy policy;
        final List<BlockedHead> blocked = new ArrayList<>();

        HeadWatch(Policy policy) {
            this.policy = policy;
        }

        @Override
        public String name() {
            return policy.name();
        }

        @Override
        public List<Start> decide(SchedulingView view) {
            List<Start> starts = policy.decide(view);
            if (view.queue().isEmpty()) return starts;
            Job head = view.queue().get(0);
            if (starts.stream().anyMatch(s -> s.job().id() == head.id())) return starts;
            blocked.add(new BlockedHead(view.now(), head, shadow(view, starts, head)));
            return starts;
        }

        /** The head's shadow time after this pass, worked out from scratch. */
        private static long shadow(SchedulingView view, List<Start> starts, Job head) {
            int free = view.machine().freeNodes();
            List<long[]> ends = new ArrayList<>();
            for (RunningJob r : view.runningByEstimatedEnd()) {
                ends.add(new long[] {Math.max(r.estimatedEnd(), view.now()), r.job().size()});
            }
            for (Start s : starts) {
                free -= s.job().size();
                ends.add(new long[] {view.now() + s.job().estimate(), s.job().size()});
            }
            ends.sort(Comparator.comparingLong(e -> e[0]));
            for (long[] e : ends) {
                free += (int) e[1];
                if (free >= head.size()) return e[0];
            }
            throw new AssertionError("job " + head.id() + " never fits");
        }
    }

    // --- generators ---

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.integers().between(1, 16).flatMap(nodes ->
                jobSpec(nodes).list().ofMinSize(1).ofMaxSize(25).flatMap(specs ->
                        Arbitraries.shuffle(IntStream.rangeClosed(1, specs.size()).boxed().toList())
                                .map(ids -> build(nodes, specs, ids))));
    }

    /** gap to the previous submit, run time, estimate minus run time, size. */
    private static Arbitrary<long[]> jobSpec(int nodes) {
        Arbitrary<Long> gap = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just(0L)),
                Tuple.of(5, Arbitraries.longs().between(1, 60)));
        Arbitrary<Long> runtime = Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just(0L)),
                Tuple.of(5, Arbitraries.longs().between(1, 100)));
        Arbitrary<Long> slack = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(0L)),
                Tuple.of(3, Arbitraries.longs().between(1, 100)));
        Arbitrary<Integer> size = Arbitraries.integers().between(1, nodes);
        return Combinators.combine(gap, runtime, slack, size).as((g, r, s, z) -> new long[] {g, r, s, z});
    }

    private static Case build(int nodes, List<long[]> specs, List<Integer> ids) {
        List<Job> jobs = new ArrayList<>();
        long submit = 0;
        for (int i = 0; i < specs.size(); i++) {
            long[] s = specs.get(i);
            submit += s[0];
            jobs.add(Job.of(ids.get(i), submit, s[1], s[1] + s[2], (int) s[3]));
        }
        return new Case(nodes, jobs);
    }
}
