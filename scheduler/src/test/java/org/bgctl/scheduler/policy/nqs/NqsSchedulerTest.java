package org.bgctl.scheduler.policy.nqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.machine.paragon.ParagonMachine;
import org.bgctl.machine.paragon.ParagonSite;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.Test;

/**
 * One rule of the NQS scheduler per test, on a 16-node site of two node sets. Time 0 is Thursday
 * 1970-01-01 00:00 UTC, so prime time runs from 32400 to 61200.
 */
class NqsSchedulerTest {

    /** The site's machine file. */
    static final String SITE_FILE = """
            mesh { width = 4, height = 4 }
            node-sets = [
              {id = ns-a, x = 0, y = 0, width = 4, height = 2, memory-mb = 16}
              {id = ns-b, x = 0, y = 2, width = 4, height = 2, memory-mb = 16}
            ]
            prime-time { start = "09:00", end = "17:00", days = [MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY] }
            node-groups {
              short { prime = [ns-b, ns-a], non-prime = [ns-a, ns-b] }
              long  { prime = [ns-a],       non-prime = [ns-a, ns-b] }
            }
            nqs {
              age-factor = 1
              block-priority = 20
              queues = [
                {name = short,   max-nodes = 8,  time-limit = 1h,  node-group = short, priority = 10}
                {name = long,    max-nodes = 16, time-limit = 12h, node-group = long,  priority = 5}
                {name = standby, max-nodes = 16, time-limit = 12h, node-group = long,  priority = 0}
              ]
              pipes { batch = [short, long], idle = [standby] }
              swf-queues { "7" = idle }
              default-pipe = batch
            }
            """;

    static final ParagonSite SITE = ParagonSite.fromConfig(ConfigFactory.parseString(SITE_FILE).resolve());

    static final NqsConfig NQS = NqsConfig.of(SITE);

    /** A job of {@code size} nodes asking for {@code requested} seconds in SWF queue {@code queue}. */
    static Job job(long id, long submit, long run, int size, long requested, int queue) {
        return new Job(id, submit, run, Math.max(run, requested), size, requested, -1, -1, -1, queue, false);
    }

    static Job shortJob(long id, long submit, long run, int size) {
        return job(id, submit, run, size, 1800, 1);
    }

    static Job longJob(long id, long submit, long run, int size) {
        return job(id, submit, run, size, 36000, 1);
    }

    static Map<Long, JobStarted> run(List<Job> jobs) {
        Map<Long, JobStarted> starts = new TreeMap<>();
        new DirectExecutor(new SchedulerCore(new NqsScheduler(TraceCalendar.UTC_EPOCH), new ParagonMachine("test",
                SITE)),
                e -> {
                    if (e instanceof JobStarted s) starts.put(s.jobId(), s);
                }).run(new Arrivals(jobs.iterator()));
        return starts;
    }

    static long start(Map<Long, JobStarted> starts, long job) {
        return starts.get(job).time();
    }

    @Test
    void theQueuePriorityPutsAShortJobBeforeALongJobThatCameFirst() {
        var starts = run(List.of(longJob(1, 0, 1000, 16), longJob(2, 10, 5000, 16), shortJob(3, 20, 500, 8)));
        assertEquals(1000, start(starts, 3));
        assertEquals(1500, start(starts, 2));
    }

    @Test
    void agingLiftsALongJobAboveAFreshShortOne() {
        // at 20000 the long job has 5 + 20000/3600 = 10.56, the short one 10 + 1000/3600 = 10.28
        var starts = run(List.of(longJob(1, 0, 20000, 16), longJob(2, 0, 5000, 16), shortJob(3, 19000, 500, 8)));
        assertEquals(20000, start(starts, 2));
        assertEquals(25000, start(starts, 3));
    }

    @Test
    void aTopJobAboveTheBlockPriorityKeepsNodesIdleUntilItFits() {
        // On a Saturday (non-prime time all day), job 2 (16 nodes) waits behind job 1's 8 nodes. After
        // 30000 s its priority is 13.3: no blocking, job 3 starts. After 60000 s it is 21.7 > 20:
        // job 4 is blocked although 8 nodes are free.
        long sat = 2 * 86400;
        var starts = run(List.of(longJob(1, sat, 100000, 8), longJob(2, sat, 5000, 16), shortJob(3, sat
                + 30000, 600, 4),
                shortJob(4, sat + 60000, 600, 4)));
        assertEquals(sat + 30000, start(starts, 3));
        assertEquals(sat + 100000, start(starts, 2));
        assertEquals(sat + 105000, start(starts, 4));
    }

    @Test
    void inPrimeTimeLongJobsHaveOneNodeSetAndShortJobsTryTheirReservedSetFirst() {
        var starts = run(List.of(longJob(1, 32400, 1000, 12), shortJob(2, 32400, 600, 4), shortJob(3, 62000, 10, 1)));
        assertTrue(starts.get(2L).allocation().partition().startsWith("ns-b["),
                starts.get(2L).allocation().partition());
        // 12 nodes never fit the prime-time long group (8 nodes), which does not block the short job;
        // after 17:00 the group has both node sets, from the first pass after it (job 3's arrival)
        assertEquals(32400, start(starts, 2));
        assertEquals(62000, start(starts, 1));
    }

    @Test
    void jobsAreRoutedByTheirSwfQueueAndTheQueuesLimits() {
        assertEquals(new QueueRoute(NQS.queues().get(0), false), NQS.route(shortJob(1, 0, 10, 8)));
        assertEquals(new QueueRoute(NQS.queues().get(1), false), NQS.route(job(2, 0, 10, 9, 1800, 1)));
        assertEquals(new QueueRoute(NQS.queues().get(2), false), NQS.route(job(3, 0, 10, 4, 1800, 7)));
        // unknown numbers and -1 take the default pipe
        assertEquals(NQS.queues().get(0), NQS.route(job(4, 0, 10, 4, 1800, -1)).queue());
        // 20 hours: over every limit; the queue with the longest limit that admits 4 nodes
        assertEquals(new QueueRoute(NQS.queues().get(1), true), NQS.route(job(5, 0, 10, 4, 72000, 1)));
        // no requested time: the run time decides
        assertEquals(NQS.queues().get(1), NQS.route(job(6, 0, 7200, 4, -1, 1)).queue());
    }

    @Test
    void primeTimeIsReadInTheTracesTimeZone() {
        // epoch 0 is Wednesday 16:00 in US/Pacific: prime time, so a long job has ns-a only
        ZoneId pacific = ZoneId.of("US/Pacific");
        Map<Long, JobStarted> starts = new TreeMap<>();
        new DirectExecutor(new SchedulerCore(new NqsScheduler(new TraceCalendar(0, pacific)),
                new ParagonMachine("test", SITE)), e -> {
                    if (e instanceof JobStarted s) starts.put(s.jobId(), s);
                }).run(new Arrivals(List.of(longJob(1, 0, 100, 12), shortJob(2, 3700, 10, 1)).iterator()));
        assertEquals(3700, starts.get(1L).time());
    }
}
