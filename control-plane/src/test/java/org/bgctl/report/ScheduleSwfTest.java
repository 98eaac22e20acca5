package org.bgctl.report;

import static org.bgctl.report.Records.neverStarted;
import static org.bgctl.report.Records.ran;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.SwfRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schedule.swf read back with the project's own SWF reader (strict mode). */
class ScheduleSwfTest {

    @Test
    void theScheduleReadsBackWithWaitRunAndStatusFilledIn(@TempDir Path dir) throws Exception {
        // Job(id, submit, run, estimate, size, requested time, user, group, executable, queue, killed)
        Job completed = new Job(1, 0, 100, 150, 4, 150, 7, 3, 2, 1, false);
        Job killed = new Job(2, 10, 30, 30, 6, 30, 8, 4, 5, 2, true);
        Job waiting = new Job(3, 40, 10, 20, 2, 20, 9, 5, 6, 3, false);
        Path file = dir.resolve("schedule.swf");
        ScheduleSwf.write(file, List.of(ran(completed, 0, 100), ran(killed, 20, 50), neverStarted(waiting)),
                "flat:10", "easy", "trace.swf", 10);

        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(OptionalInt.of(10), reader.header().maxNodes());
            assertEquals(OptionalLong.of(3), reader.header().maxJobs());
            // id, submit, wait, run, allocated, cpu, mem, requested procs, requested time, req mem,
            // status (1 completed, 0 killed at wall time, 5 never started), user, group, exe, queue, ...
            assertEquals(new SwfRecord(1, 0, 0, 100, 4, -1, -1, 4, 150, -1, 1, 7, 3, 2, 1, -1, -1, -1),
                    reader.next());
            assertEquals(new SwfRecord(2, 10, 10, 30, 6, -1, -1, 6, 30, -1, 0, 8, 4, 5, 2, -1, -1, -1),
                    reader.next());
            assertEquals(new SwfRecord(3, 40, -1, -1, -1, -1, -1, 2, 20, -1, 5, 9, 5, 6, 3, -1, -1, -1),
                    reader.next());
            assertFalse(reader.hasNext());
        }
    }

    @Test
    void aJobStillRunningWhenTheRunEndedKeepsItsWaitAndNodes(@TempDir Path dir) throws Exception {
        // Submitted at 0, started at 20 on 4 nodes, still running at --until: it waited 20 s and held 4 nodes, which
        // jobs.csv says too; its run is unknown (-1) and it did not complete (5).
        JobRecord running = new JobRecord(new Job(1, 0, 100, 150, 4, 150, 7, 3, 2, 1, false), 20, 20, -1, 4, "", 0);
        assertEquals("running", running.status());
        Path file = dir.resolve("schedule.swf");
        ScheduleSwf.write(file, List.of(running), "flat:10", "easy", "trace.swf", 10);
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(new SwfRecord(1, 0, 20, -1, 4, -1, -1, 4, 150, -1, 5, 7, 3, 2, 1, -1, -1, -1), reader.next());
        }
    }

    @Test
    void aRunningJobAnOperatorCancelledIsCancelledNotKilled(@TempDir Path dir) throws Exception {
        // Started at 20 and cancelled at 50 (a watched replay's DELETE /api/jobs/1): SWF status 5 (cancelled) with the
        // 30 s it ran, not 0 (failed); it counts in neither jobs_ended_killed nor faults.jobs_failed.
        JobRecord cancelled = new JobRecord(new Job(1, 0, 100, 150, 4, 150, 7, 3, 2, 1, false), 20, 20, 50, 4, "", 0,
                JobRecord.CANCELLED);
        assertFalse(cancelled.killed());
        assertFalse(cancelled.killedByFault());
        assertEquals("cancelled", cancelled.status());
        Path file = dir.resolve("schedule.swf");
        ScheduleSwf.write(file, List.of(cancelled), "flat:10", "easy", "trace.swf", 10);
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(new SwfRecord(1, 0, 20, 30, 4, -1, -1, 4, 150, -1, 5, 7, 3, 2, 1, -1, -1, -1), reader.next());
        }
    }
}
