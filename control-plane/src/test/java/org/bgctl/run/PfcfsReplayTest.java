package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.report.GangTimeline;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Preemptive FCFS on the CTC SP2 excerpt (the first 1000 jobs submitted in July 1996) on flat:128, as in
 * Schwiegelshohn and Yahyapour (1998): every context switch is a protocol with the agents, and the actors
 * write the same bytes as the direct executor; the journal alone rebuilds the job table and the gang timeline.
 */
class PfcfsReplayTest {

    static final TraceSource CTC = new TraceSource(null, "/traces/ctc-sp2-excerpt.swf");

    static Stream<Arguments> settings() {
        return Stream.of(
                Arguments.of("x=40% n=1 δ=60", new GangSettings(40, 60, 600, 1, 0)),
                Arguments.of("x=50% n=2 Δ=120 δ=1", new GangSettings(50, 1, 120, 2, 0)),
                Arguments.of("x=45% n=11 Δ=240 δ=Δ, 1 s penalty", new GangSettings(45, 240, 240, 11, 1)));
    }

    private static ReplayResult replay(GangSettings gang, ExecutorKind executor, JournalKind journal, Path out)
            throws Exception {
        return replay("flat:128", WorkloadOptions.defaults(), gang, executor, journal, out);
    }

    private static ReplayResult replay(String machine, WorkloadOptions workload, GangSettings gang,
                                       ExecutorKind executor, JournalKind journal, Path out) throws Exception {
        SchedulerSettings settings = SchedulerSettings.defaults().withGang(gang);
        return Replay.run(new ReplaySpec(CTC, machine, "pfcfs", workload, false, out, journal, executor, settings),
                Progress.none(), Duration.ofHours(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settings")
    void actorRunAndDirectRunWriteTheSameBytes(String name, GangSettings gang, @TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        ReplayResult result = replay(gang, ExecutorKind.ACTORS, JournalKind.MEMORY, actors);
        replay(gang, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        assertTrue(((Number) result.summary().get("preemptions")).longValue() > 0, "wide jobs preempted");
        Runs.assertSameOutputs(direct, actors);
    }

    /**
     * On bgl, one CTC node per midplane (128 midplanes, as the paper's 128 nodes): the wide jobs take partitions
     * with their switches and cables, Suspend and Resume go to midplane and switch agents, and with n = 2 the
     * gangs switch back and forth.
     */
    @Test
    void onBglTheActorRunAndTheDirectRunWriteTheSameBytes(@TempDir Path dir) throws Exception {
        WorkloadOptions midplanes = WorkloadOptions.builder().geometry(new GeometryOptions(SizeUnit.UNITS,
                ShapeRule.FREE, 0, false, true, 0, GeometryOptions.DEFAULT_SEED)).build();
        GangSettings gang = new GangSettings(40, 60, 600, 2, 0);
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        ReplayResult result = replay("bgl", midplanes, gang, ExecutorKind.ACTORS, JournalKind.MEMORY, actors);
        replay("bgl", midplanes, gang, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        long preemptions = ((Number) result.summary().get("preemptions")).longValue();
        assertTrue(preemptions > 0, "wide jobs preempted");
        assertTrue(((Number) result.summary().get("preemptions_context_switches")).longValue() > 2 * preemptions,
                "gangs switched back and forth");
        Runs.assertSameOutputs(direct, actors);
    }

    @Test
    void theJournalRebuildsTheJobTableAndTheGangTimeline(@TempDir Path dir) throws Exception {
        ReplayResult result = replay(new GangSettings(50, 1, 120, 3, 0), ExecutorKind.ACTORS, JournalKind.H2, dir);
        JobTable table = new JobTable();
        GangTimeline timeline = new GangTimeline();
        JournalReader.read(dir, e -> {
            table.accept(e);
            timeline.accept(e);
        });
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(dir.resolve("jobs.csv")), rebuilt.toString());
        assertEquals(((Number) result.summary().get("preemptions")).longValue(), timeline.size());
        assertEquals(((Number) result.summary().get("preemptions_context_switches")).longValue(),
                table.contextSwitches());
        assertTrue(table.contextSwitches() > 2L * timeline.size(), "n = 3 switches back and forth");
        assertTrue(timeline.lines().stream().anyMatch(l -> l.contains("switch 3: suspended")), "a third switch");
        RecordedRun audit = new RecordedRun(new FlatMachine(128));
        JournalReader.read(dir, audit);
        assertEquals(List.of(), audit.violations());
        assertEquals(((Number) result.summary().get("jobs")).longValue(), audit.ended());
    }

    @Test
    void theSummaryRecordsTheParametersAndTheDroppedJobs(@TempDir Path dir) throws Exception {
        ReplayResult result = replay(new GangSettings(40, 60, 600, 1, 5), ExecutorKind.DIRECT, JournalKind.MEMORY, dir);
        String json = result.summary().toJson().replaceAll("\\s+", "");
        assertTrue(json.contains("\"pfcfs\":{\"wide_percent\":40,\"start_delay_s\":60,\"gang_length_s\":600,"
                + "\"max_switches\":1,\"switch_penalty_s\":5}"), json);
        assertEquals("{larger_than_machine=16}", result.summary().get("jobs_skipped").toString());
    }
}
