package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Buddy and selective buddy allocation on the SDSC-SP2 excerpt, with 30% communication-intensive
 * jobs: the actors (agents holding the buddy line, H2 journal) and the direct executor write the
 * same bytes, and the journal alone rebuilds jobs.csv; the journal holds every event as it
 * happened, node blocks and job classes included (on the Paragon site too), which is what
 * recovery re-applies.
 */
class BuddyReplayTest {

    static final WorkloadOptions CLASSES = WorkloadOptions.builder()
            .jobClasses(new JobClasses(0.3, 0.3, JobClasses.Spread.RANDOM, 7)).build();

    @ParameterizedTest
    @ValueSource(strings = {"buddy", "selective-buddy"})
    void actorRunAndDirectRunWriteTheSameBytes(String scheduler, @TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        Runs.replay(Runs.SDSC, "buddy:128", scheduler, CLASSES, ExecutorKind.ACTORS, JournalKind.H2, actors);
        Runs.replay(Runs.SDSC, "buddy:128", scheduler, CLASSES, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        Runs.assertSameOutputs(actors, direct);

        JobTable table = new JobTable();
        JournalReader.read(actors, table);
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(actors.resolve("jobs.csv")), rebuilt.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"selective-buddy", "nqs"})
    void theJournalHoldsTheBlocksAndJobClassesOfTheRun(String scheduler, @TempDir Path dir) {
        List<Job> jobs = ActorReplayTest.randomJobs(3, 300, 64).stream()
                .map(j -> j.id() % 3 == 0 ? j.withCommunication(Communication.intensive(0.4)) : j).toList();
        List<SchedulerEvent> live = ActorReplayTest.actors(scheduler, 64, jobs, JournalKind.H2, dir);
        List<SchedulerEvent> journaled = new ArrayList<>();
        JournalReader.read(dir, journaled::add);
        assertEquals(ActorReplayTest.direct(scheduler, 64, jobs), live);
        assertEquals(live, journaled);
        assertTrue(live.stream().anyMatch(e -> e instanceof JobStarted s && s.allocation().contiguous()));
    }

    @Test
    void summaryAndJobTableSplitTheJobsByClass(@TempDir Path dir) throws Exception {
        ReplayResult result = Runs.replay(Runs.SDSC, "buddy:128", "selective-buddy", CLASSES, ExecutorKind.DIRECT,
                JournalKind.MEMORY, dir);
        @SuppressWarnings("unchecked")
        Map<String, Object> classes = (Map<String, Object>) result.summary().get("job_classes");
        @SuppressWarnings("unchecked")
        Map<String, Object> ci = (Map<String, Object>) classes.get("ci");
        @SuppressWarnings("unchecked")
        Map<String, Object> nci = (Map<String, Object>) classes.get("nci");
        List<String> csv = Runs.lines(dir.resolve("jobs.csv"));
        long ciRows = csv.stream().filter(l -> l.contains(",ci,")).count();
        assertEquals(ciRows, ((Number) ci.get("jobs")).longValue());
        assertEquals(csv.size() - 1 - ciRows, ((Number) nci.get("jobs")).longValue());
        assertTrue(((Number) ci.get("contiguous_jobs")).longValue() > 0, "some CI jobs got a buddy");
        assertEquals(0L, ((Number) nci.get("contiguous_jobs")).longValue());
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"badly_estimated\""));
    }
}
