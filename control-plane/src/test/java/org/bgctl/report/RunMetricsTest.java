package org.bgctl.report;

import static org.bgctl.report.Records.neverStarted;
import static org.bgctl.report.Records.ran;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

/**
 * The metrics of a hand-computed run on 10 nodes. Jobs ({@code Job.of(id, submit, run, estimate,
 * size)} and [start, end)):
 * <pre>
 *   A  submit  0, 4 nodes, [  0, 100)   wait  0, run 100, response 100
 *   B  submit 10, 6 nodes, [ 20,  50)   wait 10, run  30, response  40
 *   C  submit 30, 8 nodes, [100, 105)   wait 70, run   5, response  75
 *   D  submit 40, 2 nodes, never started (not counted)
 * </pre>
 */
class RunMetricsTest {

    private static final double EPS = 1e-9;

    static final List<JobRecord> RUN = List.of(
            ran(Job.of(1, 0, 100, 100, 4), 0, 100),
            ran(Job.of(2, 10, 30, 30, 6), 20, 50),
            ran(Job.of(3, 30, 5, 5, 8), 100, 105),
            neverStarted(Job.of(4, 40, 10, 10, 2)));

    private final RunMetrics m = RunMetrics.of(RUN, 10);

    @Test
    void countsFinishedJobsOverTheSpanFromFirstSubmitToLastEnd() {
        assertEquals(3, m.jobs());
        assertEquals(0, m.firstSubmit());
        assertEquals(105, m.lastEnd());
        assertEquals(105, m.makespan());
    }

    @Test
    void waitFiguresWithNearestRankPercentiles() {
        // Waits 0, 10, 70: mean 80 / 3. Nearest rank: p50 is the ceil(0.5 * 3) = 2nd smallest,
        // 10; p95 the ceil(0.95 * 3) = 3rd, 70; max 70.
        assertEquals(80.0 / 3, m.meanWait(), EPS);
        assertEquals(10, m.p50Wait());
        assertEquals(70, m.p95Wait());
        assertEquals(70, m.maxWait());
    }

    @Test
    void boundedSlowdownOfACommunicationIntensiveJobOnABlockDividesByItsShortenedRun() {
        // A CI job of 1000 s that gains 50% on a contiguous block runs 500 s there: submitted at 0, started at 500,
        // it ends at 1000, so its slowdown is 1000 / 500 = 2 (Subramani et al.'s actual run time), not 1000 / 1000.
        // On scattered nodes it runs its own 1000 s: started at 0, its slowdown is 1.
        Job ci = Job.of(1, 0, 1000, 1000, 4).withCommunication(Communication.intensive(0.5));
        JobRecord onBlock = new JobRecord(ci, 500, 1000, 4, "buddy:0-3", true);
        JobRecord scattered = new JobRecord(ci, 0, 1000, 4, "list:0-3", false);
        assertEquals(500, onBlock.actualRuntime());
        assertEquals(2.0, RunMetrics.of(List.of(onBlock), 10).meanBoundedSlowdown(), EPS);
        assertEquals(1.0, RunMetrics.of(List.of(scattered), 10).meanBoundedSlowdown(), EPS);
    }

    @Test
    void lostCapacityIsZeroWhenACommunicationIntensiveJobsOwnRunFillsMoreThanTheMachine() {
        // On 4 nodes a CI job of 1000 s (gain 50%) runs 500 s on a block from 0: utilization counts its own
        // 4 x 1000 node-seconds over a span of 500, 2.0; nothing is unused; 1 - 2 - 0 would be -1, so lost is 0.
        Job ci = Job.of(1, 0, 1000, 1000, 4).withCommunication(Communication.intensive(0.5));
        RunMetrics m = RunMetrics.of(List.of(new JobRecord(ci, 0, 500, 4, "buddy:0-3", true)), 4);
        assertEquals(2.0, m.utilization(), EPS);
        assertEquals(0.0, m.unusedCapacity(), EPS);
        assertEquals(0.0, m.lostCapacity(), EPS);
    }

    @Test
    void responseAndBoundedSlowdownWithGammaTenSeconds() {
        // Responses 100, 40, 75: mean 215 / 3. Bounded slowdown max(response, 10) / max(run, 10):
        // A 100/100 = 1, B 40/30, C 75/10 = 7.5 (Γ = 10 s bounds C's 5-second run; 75/5 would
        // be 15). Mean (1 + 4/3 + 7.5) / 3.
        assertEquals(215.0 / 3, m.meanResponse(), EPS);
        assertEquals((1 + 40.0 / 30 + 7.5) / 3, m.meanBoundedSlowdown(), EPS);
    }

    @Test
    void utilizationUnusedAndLostCapacity() {
        // Capacity 105 s x 10 nodes = 1050 node-seconds. Work: 4x100 + 6x30 + 8x5 = 620.
        // Utilization 620 / 1050.
        // Unused = free nodes beyond the queued demand, integrated:
        //   [0,10)    busy 4, queued 0        -> 6 x 10 = 60
        //   [10,20)   busy 4, B (6) queued    -> 0
        //   [20,30)   busy 10                 -> 0
        //   [30,50)   busy 10, C (8) queued   -> 0
        //   [50,100)  busy 4, C (8) queued    -> max(0, 10 - 4 - 8) = 0
        //   [100,105) busy 8, queued 0        -> 2 x 5 = 10
        // Unused 70 / 1050. Lost = 1 - 620/1050 - 70/1050 = 360/1050: B waiting on 6 free
        // nodes for 10 s (60) and C waiting on 6 free nodes for 50 s (300).
        assertEquals(620.0 / 1050, m.utilization(), EPS);
        assertEquals(70.0 / 1050, m.unusedCapacity(), EPS);
        assertEquals(360.0 / 1050, m.lostCapacity(), EPS);
    }

    @Test
    void sumOfFlowAndOfWeightedFlow() {
        // Flow = response: 100 + 40 + 75 = 215. Weight = size x run:
        // 400 x 100 + 180 x 40 + 40 x 75 = 40000 + 7200 + 3000 = 50200.
        assertEquals(215, m.sumFlow());
        assertEquals(50200.0, m.sumWeightedFlow(), EPS);
    }

    @Test
    void percentilesAreNearestRankNotInterpolated() {
        long[] four = {1, 2, 3, 4};
        assertEquals(2, RunMetrics.percentile(four, 0.50), "ceil(0.5 x 4) = 2nd, not 2.5");
        assertEquals(4, RunMetrics.percentile(four, 0.95), "ceil(0.95 x 4) = 4th");
        long[] twenty = new long[20];
        for (int i = 0; i < 20; i++) twenty[i] = (i + 1) * 10L;
        assertEquals(190, RunMetrics.percentile(twenty, 0.95), "ceil(0.95 x 20) = 19th");
        assertEquals(10, RunMetrics.percentile(new long[] {10}, 0.50));
    }

    @Test
    void noFinishedJobGivesZeros() {
        RunMetrics none = RunMetrics.of(List.of(neverStarted(Job.of(1, 0, 1, 1, 1))), 10);
        assertEquals(new RunMetrics(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), none);
    }

    @Test
    void aRunOfMakespanZeroLosesNoCapacity() {
        // two jobs of run time 0 submitted, started and ended at 100: T = 0, no capacity at all; 1 - 0 - 0 would say
        // every node-second was lost to waiting jobs
        RunMetrics m = RunMetrics.of(List.of(ran(Job.of(1, 100, 0, 10, 4), 100, 100),
                ran(Job.of(2, 100, 0, 10, 8), 100, 100)), 8);
        assertEquals(0, m.makespan());
        assertEquals(0.0, m.utilization(), EPS);
        assertEquals(0.0, m.unusedCapacity(), EPS);
        assertEquals(0.0, m.lostCapacity(), EPS);
        assertEquals(1.0, m.meanBoundedSlowdown(), EPS);
    }

    @Test
    void aJobKilledByAFailedComponentCountsNoWorkACancelledOneThePartItRan() {
        // On 10 nodes, over [0, 100): A (4 nodes, its own run 100 s) completes; B (5 nodes, its own run 1000 s) is
        // killed by a failed midplane at 40; C (1 node, its own run 500 s) is cancelled at 60. Counting B's and C's
        // own runs would give (400 + 5000 + 500) / 1000 = 5.9, a machine busier than it is. A counts 400, B nothing
        // (its run was lost, as the runs of a requeued job before its kill), C the 60 s it ran: 460 / 1000.
        List<JobRecord> run = List.of(
                ran(Job.of(1, 0, 100, 100, 4), 0, 100),
                new JobRecord(Job.of(2, 0, 1000, 1000, 5), 0, 0, 40, 5, "", 0, "mp-R000"),
                new JobRecord(Job.of(3, 0, 500, 500, 1), 0, 0, 60, 1, "", 0, JobRecord.CANCELLED));
        RunMetrics killed = RunMetrics.of(run, 10);
        assertEquals(460.0 / 1000, killed.utilization(), EPS);
        // Nodes free beyond the queued demand: [40, 60) 10 - 4 - 1 = 5, [60, 100) 6: 100 + 240 = 340.
        assertEquals(340.0 / 1000, killed.unusedCapacity(), EPS);
        assertEquals(1 - 0.46 - 0.34, killed.lostCapacity(), EPS);
        assertEquals(1.0, killed.utilization() + killed.unusedCapacity() + killed.lostCapacity(), EPS);
    }

    @Test
    void theWeightOfAJobInTheWeightedFlowIsItsOwnSizeAndRunKilledOrCancelledOrNot() {
        // B (5 nodes, its own run 1000 s) is killed at 40 and C (1 node, its own run 500 s) cancelled at 60, both
        // submitted and started at 0: weights 5000 and 500, as submitted, though utilization counts 0 and 60 of them.
        List<JobRecord> run = List.of(
                new JobRecord(Job.of(2, 0, 1000, 1000, 5), 0, 0, 40, 5, "", 0, "mp-R000"),
                new JobRecord(Job.of(3, 0, 500, 500, 1), 0, 0, 60, 1, "", 0, JobRecord.CANCELLED));
        assertEquals(5000.0 * 40 + 500.0 * 60, RunMetrics.of(run, 10).sumWeightedFlow(), EPS);
    }

    @Test
    void theBoundedSlowdownOfAJobThatEndedEarlyDividesByWhatItRan() {
        // Submitted at 0, started at 20, B (its own run 1000 s) is killed at 60 and C (its own run 500 s) cancelled at
        // 120: their responses are 60 and 120, which over their own runs would be slowdowns of 0.06 and 0.24, below
        // the 1 of a job that never waited. Over what they ran, 40 s and 100 s: 1.5 and 1.2.
        List<JobRecord> run = List.of(
                new JobRecord(Job.of(2, 0, 1000, 1000, 5), 20, 20, 60, 5, "", 0, "mp-R000"),
                new JobRecord(Job.of(3, 0, 500, 500, 1), 20, 20, 120, 1, "", 0, JobRecord.CANCELLED));
        assertEquals((60.0 / 40 + 120.0 / 100) / 2, RunMetrics.of(run, 10).meanBoundedSlowdown(), EPS);
    }
}
