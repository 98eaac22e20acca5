package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.junit.jupiter.api.Test;

/** {@code bgctl inspect} lines: sequence (8 wide), time (10 wide), event name (13, left), job. */
class EventFormatTest {

    @Test
    void submittedShowsSizeRunAndEstimate() {
        assertEquals("       1         30 JobSubmitted       job=7 size=4 run=100 estimate=150",
                EventFormat.line(1, new JobSubmitted(Job.of(7, 30, 100, 150, 4))));
    }

    @Test
    void aWallTimeKillIsFlagged() {
        Job killed = new Job(7, 30, 100, 100, 4, 100, -1, -1, -1, -1, true);
        assertEquals("       2         30 JobSubmitted       job=7 size=4 run=100 estimate=100 walltime-killed",
                EventFormat.line(2, new JobSubmitted(killed)));
    }

    @Test
    void startedShowsNodesAndAPartitionWhenThereIsOne() {
        assertEquals("      12        200 JobStarted         job=7 nodes=4",
                EventFormat.line(12, new JobStarted(7, 200, FlatMachine.allocationOf(4))));
        Allocation partition = new Allocation("R00-M0", List.of(new NodeClaim("mp-R00-M0", 512)));
        assertEquals("      13        200 JobStarted         job=8 nodes=512 partition=R00-M0",
                EventFormat.line(13, new JobStarted(8, 200, partition)));
        assertEquals("      14        300 JobStarted         job=9 nodes=512 partition=R00-M0 reused",
                EventFormat.line(14, new JobStarted(9, 300, partition, 0, null, 0, true, true)));
    }

    @Test
    void finishedShowsTheJobOnly() {
        assertEquals("12345678 1234567890 JobFinished        job=7",
                EventFormat.line(12345678, new JobFinished(7, 1234567890)));
    }

    @Test
    void everyEventIsFormattedAlikeUnderTheHeader() {
        assertEquals("   event     time_s type               subject and details", EventFormat.HEADER);
        assertEquals("       5       1636 JobCancelled       job=5", EventFormat.line(5, new JobCancelled(5, 1636)));
        assertEquals("       6       1700 JobKilled          job=5 by=mp-R000", EventFormat.line(6, new JobKilled(5, 1700, "mp-R000")));
        assertEquals("       7       1800 ComponentFailed    component=sw-x-R000",
                EventFormat.line(7, new ComponentFailed("sw-x-R000", 1800)));
    }
}
