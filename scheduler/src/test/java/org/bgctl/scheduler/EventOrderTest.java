package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.bgctl.scheduler.TestEvents.started;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The order of events within one instant, the same under every policy: finishes, then arrivals
 * in (submit, job id) order, then a pass; a job of run time 0 finishes at its start, after the
 * pass that started it, and another pass follows at the same instant. Jobs are
 * {@code Job.of(id, submit, run, estimate, size)}, on flat:10.
 */
class EventOrderTest {

    static List<String> policies() {
        return Policies.namesFor(new FlatMachine(1));
    }

    @ParameterizedTest
    @MethodSource("policies")
    void finishesComeBeforeArrivalsSoAJobArrivingAsNodesFreeUpStartsAtOnce(String policy) {
        // Job 1 holds all 10 nodes until 100; job 2 (10 nodes) arrives at 100. Job 1's finish
        // is handled first, then job 2's arrival, then the pass: job 2 starts at 100.
        Job one = of(1, 0, 100, 100, 10);
        Job two = of(2, 100, 10, 10, 10);
        assertEquals(List.of(
                new JobSubmitted(one), started(1, 0, 10),
                new JobFinished(1, 100), new JobSubmitted(two), started(2, 100, 10),
                new JobFinished(2, 110)),
                ScheduleRecorder.run(Policies.create(policy), 10, one, two).events());
    }

    @ParameterizedTest
    @MethodSource("policies")
    void arrivalsOfOneInstantComeInJobIdOrder(String policy) {
        // Handed over as 2, 1; both submitted at 5: the executor submits 1 first.
        Job two = of(2, 5, 10, 10, 1);
        Job one = of(1, 5, 10, 10, 1);
        List<SchedulerEvent> events = ScheduleRecorder.run(Policies.create(policy), 10, two, one).events();
        assertEquals(List.of(new JobSubmitted(one), new JobSubmitted(two)), events.subList(0, 2));
    }

    @ParameterizedTest
    @MethodSource("policies")
    void aRunTimeZeroJobFinishesAtItsStartAndAnotherPassFollowsAtThatInstant(String policy) {
        // Three 8-node jobs at 0; only one fits at a time. Job 1 (run 0, estimate 5) starts and
        // blocks job 2 during the pass; its finish at 0 is followed by a pass at 0 that starts
        // job 2 (run 0, estimate 0); its finish is followed by a third pass at 0, for job 3.
        Job one = of(1, 0, 0, 5, 8);
        Job two = of(2, 0, 0, 0, 8);
        Job three = of(3, 0, 10, 10, 8);
        assertEquals(List.of(
                new JobSubmitted(one), new JobSubmitted(two), new JobSubmitted(three),
                started(1, 0, 8), new JobFinished(1, 0),
                started(2, 0, 8), new JobFinished(2, 0),
                started(3, 0, 8), new JobFinished(3, 10)),
                ScheduleRecorder.run(Policies.create(policy), 10, one, two, three).events());
    }
}
