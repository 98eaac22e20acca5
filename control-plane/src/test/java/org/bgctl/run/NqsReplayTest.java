package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NQS scheduler on the SDSC Paragon site, replaying the SDSC-SP2 excerpt (queue numbers in
 * field 15, 5 = standby) with job sizes tripled so that the 368 nodes are busy.
 */
class NqsReplayTest {

    static final WorkloadOptions TRIPLED = WorkloadOptions.builder().sizeMultiply(3).build();
    static final List<String> REPORTS = List.of("queues.csv", "utilization-by-month.csv", "usage-by-size.csv");

    @Test
    void actorRunAndDirectRunWriteTheSameBytes(@TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        Runs.replay(Runs.SDSC, "paragon-sdsc", "nqs", TRIPLED, ExecutorKind.ACTORS, JournalKind.H2, actors);
        Runs.replay(Runs.SDSC, "paragon-sdsc", "nqs", TRIPLED, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        Runs.assertSameOutputs(actors, direct);
        for (String report : REPORTS)
            assertArrayEquals(Files.readAllBytes(actors.resolve(report)), Files.readAllBytes(direct.resolve(report)),
                    report);
    }

    @Test
    void thePerQueueReportCountsEveryFinishedJobOnce(@TempDir Path dir) throws Exception {
        ReplayResult result = Runs.replay(Runs.SDSC, "paragon-sdsc", "nqs", TRIPLED, ExecutorKind.DIRECT,
                JournalKind.MEMORY, dir);
        List<String> queues = Runs.lines(dir.resolve("queues.csv"));
        assertEquals("queue,jobs,usage_percent,mean_wait_h,mean_run_h,expansion_factor,over_limit", queues.get(0));
        long jobs = queues.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[1])).sum();
        assertEquals(((Number) result.summary().get("jobs")).longValue(), jobs);
        assertTrue(queues.stream().anyMatch(l -> l.startsWith("standby,") && !l.startsWith("standby,0,")),
                "SWF queue 5 reaches the standby queue");
        @SuppressWarnings("unchecked")
        Map<String, Object> nqs = (Map<String, Object>) result.summary().get("nqs");
        assertEquals("US/Pacific", nqs.get("time_zone"));
        assertEquals(List.of("1998-05"), List.copyOf(((Map<?, ?>) nqs.get("utilization_by_month")).keySet()));
        assertTrue(((Number) result.summary().get("mean_wait_s")).doubleValue() > 0, "the tripled excerpt waits");
    }

    @Test
    void aTraceWithoutQueueNumbersTakesTheDefaultPipe(@TempDir Path dir) throws Exception {
        Runs.replay(Runs.NASA, "paragon-sdsc", "nqs", ExecutorKind.DIRECT, JournalKind.MEMORY, dir);
        List<String> queues = Runs.lines(dir.resolve("queues.csv"));
        assertTrue(queues.stream().anyMatch(l -> l.startsWith("standby,0,")), String.join("\n", queues));
    }

    @Test
    void nqsOnAnotherMachineIsRefusedWithWhatItNeeds(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Runs.replay(Runs.SDSC, "flat:128", "nqs", ExecutorKind.DIRECT, JournalKind.MEMORY, dir));
        assertEquals("scheduler nqs needs a Paragon machine (paragon-sdsc or paragon:FILE), not flat:128",
                e.getMessage());
    }
}
