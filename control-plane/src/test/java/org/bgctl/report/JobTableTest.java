package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.NodeClaim;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Test;

class JobTableTest {

    private static Job job(long id, long submit) {
        return new Job(id, submit, 100, 100, 4, -1, -1, -1, -1, -1, false);
    }

    private static JobStarted started(long id, long t) {
        return new JobStarted(id, t, new Allocation("", List.of(new NodeClaim("n", 4))), 0);
    }

    /** Five jobs: 3 finishes first, 1 is killed and requeued at the same instant and ends last. */
    private static List<SchedulerEvent> events() {
        List<SchedulerEvent> e = new ArrayList<>();
        for (long id = 1; id <= 5; id++) e.add(new JobSubmitted(job(id, id)));
        e.add(started(1, 5));
        e.add(started(3, 5));
        e.add(new JobFinished(3, 20));
        e.add(new JobKilled(1, 30, "R00-M0"));
        e.add(new JobRequeued(job(1, 1), 30));
        e.add(started(2, 30));
        e.add(started(4, 30));
        e.add(new JobFinished(2, 40));
        e.add(new JobFinished(4, 40));
        e.add(started(1, 50));
        e.add(new JobFinished(1, 150));
        return e;
    }

    @Test
    void aStreamingTableSettlesEachJobOnceInIdOrderAsTheKeepingTableRecordsIt() {
        JobTable keeping = new JobTable();
        List<JobRecord> settled = new ArrayList<>();
        JobTable streaming = new JobTable(settled::add);
        for (SchedulerEvent e : events()) {
            keeping.accept(e);
            streaming.accept(e);
        }
        assertTrue(settled.isEmpty(), "job 1 runs again until the end, so nothing after it may be settled: " + settled);
        streaming.finish();
        assertEquals(keeping.records(), settled);
        assertEquals(5, streaming.size());
        assertEquals(4, streaming.finishedCount(), "job 5 never started");
        assertEquals(1, keeping.records().get(0).job().id());
        assertEquals(150, settled.get(0).end(), "the requeued job is settled with its last run");
        assertTrue(streaming.records().isEmpty());
    }

    @Test
    void settledJobsLeaveTheTable() {
        List<JobRecord> settled = new ArrayList<>();
        JobTable table = new JobTable(settled::add);
        for (long id = 1; id <= 1000; id++) {
            table.accept(new JobSubmitted(job(id, id)));
            table.accept(started(id, id));
            table.accept(new JobFinished(id, id + 1));
            assertTrue(table.records().size() <= 2, "the table keeps the jobs of this instant only");
        }
        table.finish();
        assertEquals(1000, settled.size());
        for (int i = 0; i < settled.size(); i++) assertEquals(i + 1, settled.get(i).job().id());
    }

    @Test
    void aJobKilledWhileItsBlockBootsEndsAtTheKillWithARunOfNoSeconds() {
        // Started at 10 with a boot of 126 s, it would run from 136; a component failing under it at 50 kills it.
        // It never ran: start 50 = end 50 (run 0), not start 136 after its end (a run of -86 s in jobs.csv and
        // schedule.swf). Its wait counts to the kill, and the kill is a boot failure that lost no node-seconds.
        JobTable table = new JobTable();
        table.accept(new JobSubmitted(job(1, 0)));
        table.accept(new JobStarted(1, 10, new Allocation("", List.of(new NodeClaim("n", 4))), 126));
        table.accept(new JobKilled(1, 50, "mp-R000"));
        table.finish();
        JobRecord r = table.records().get(0);
        assertEquals(10, r.scheduled());
        assertEquals(50, r.start());
        assertEquals(50, r.end());
        assertEquals(0, r.runTime());
        assertEquals(50, r.waitTime());
        assertEquals("killed_by_fault", r.status());
        assertEquals(1, table.bootFailures());
        assertEquals(0, table.nodeSecondsLost());
    }
}
