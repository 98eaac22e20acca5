package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bgctl.faults.ComponentKind;
import org.bgctl.faults.FailureLaw;
import org.bgctl.faults.FaultModel;
import org.bgctl.faults.FaultPlan;
import org.bgctl.faults.FaultScript;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDSC-SP2 excerpt (its first 400 jobs) with faults injected, on bgl (the trace's 128 nodes taken as
 * the 128 midplanes) and on flat:128: the actors with the H2 journal schedule exactly as the direct
 * executor does, jobs are killed and requeued or failed, and the journal alone rebuilds jobs.csv and
 * passes the audit.
 */
class FaultReplayTest {

    private static final WorkloadOptions FLAT = WorkloadOptions.builder().firstJobs(400).build();
    private static final WorkloadOptions BGL = WorkloadOptions.builder().firstJobs(400)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, 1)).build();

    @TempDir
    Path dir;

    private static ReplayResult replay(String machine, WorkloadOptions workload, FaultPlan faults, ExecutorKind executor,
                                       JournalKind journal, Path out) throws Exception {
        return Replay.run(new ReplaySpec(Runs.SDSC, machine, "easy", workload, false, out, journal, executor,
                SchedulerSettings.defaults(), faults), Progress.none(), Duration.ofHours(1));
    }

    /** Every 7 hours from the first submission, one of eight midplanes fails for 3 hours, and an x cable. */
    private Path bglScript() throws Exception {
        List<String> lines = new ArrayList<>(List.of("# midplanes and a cable of bgl"));
        long t = 566129;
        for (int i = 0; i < 40; i++, t += 7 * 3600) {
            String midplane = "mp-R" + (i % 8) + (i % 4) + ((i / 4) % 4);
            lines.add(t + " " + midplane + " down");
            lines.add((t + 3 * 3600) + " " + midplane + " up   # repaired");
            if (i % 10 == 0) lines.add(t + " cable-x-R000-p2 down");
            if (i % 10 == 5) lines.add(t + " cable-x-R000-p2 up");
        }
        return Files.write(dir.resolve("bgl.faults"), lines);
    }

    private static FaultPlan plan(KillPolicy onKill, Path script, String machine, FaultModel model) {
        return new FaultPlan(onKill, script, script == null ? List.of() : FaultScript.read(script,
                MachineCatalog.create(machine)), null, model, 5);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> faults(ReplayResult r) {
        return (Map<String, Object>) r.summary().get("faults");
    }

    /** Runs the plan through both executors, checks they agree and the journal's audit, and returns the actors' result. */
    private ReplayResult bothExecutors(String name, String machine, WorkloadOptions workload, FaultPlan plan)
            throws Exception {
        Path actors = dir.resolve(name + "-actors");
        Path direct = dir.resolve(name + "-direct");
        ReplayResult result = replay(machine, workload, plan, ExecutorKind.ACTORS, JournalKind.H2, actors);
        replay(machine, workload, plan, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(actors.resolve("jobs.csv")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(actors));

        RecordedRun audit = new RecordedRun(MachineCatalog.create(machine));
        JobTable table = new JobTable();
        JournalReader.read(actors, e -> {
            audit.accept(e);
            table.accept(e);
        });
        assertEquals(List.of(), audit.violations());
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(actors.resolve("jobs.csv")), rebuilt.toString(), "jobs.csv from the journal alone");
        assertEquals(0, faults(result).get("invariant_violations"));
        return result;
    }

    @Test
    void aScriptedFaultFileOnBglKillsAndRequeuesJobsTheSameWayInBothExecutors() throws Exception {
        ReplayResult r = bothExecutors("bgl-script", "bgl", BGL, plan(KillPolicy.REQUEUE, bglScript(), "bgl", FaultModel.NONE));
        Map<String, Object> f = faults(r);
        assertEquals("requeue", f.get("on_kill"));
        long failures = ((Number) f.get("failures")).longValue();
        assertTrue(failures >= 20 && failures < 42, "the file's failures up to the last job's end: " + f);
        assertTrue(((Number) f.get("kills")).longValue() > 0, f.toString());
        assertEquals(f.get("kills"), f.get("requeues"));
        assertEquals(0L, f.get("jobs_failed"));
        assertTrue(((Number) f.get("node_hours_lost")).doubleValue() > 0, f.toString());
        assertTrue(((Number) f.get("availability")).doubleValue() < 1, f.toString());
        assertEquals(r.jobs().size(), r.jobs().finishedCount(), "every job, requeued ones too, ends");
    }

    @Test
    void aRandomFaultModelOnBglWithFailedJobsIsTheSameInBothExecutors() throws Exception {
        FaultModel model = FaultModel.NONE
                .with(ComponentKind.MIDPLANE, FailureLaw.parse("exponential(4000000)/exponential(10800)"))
                .with(ComponentKind.SWITCH, FailureLaw.parse("weibull(0.7, 20000000)/exponential(3600)"))
                .with(ComponentKind.CABLE, FailureLaw.parse("exponential(20000000)/exponential(3600)"));
        ReplayResult r = bothExecutors("bgl-random", "bgl", BGL, plan(KillPolicy.FAIL, null, "bgl", model));
        Map<String, Object> f = faults(r);
        assertEquals("fail", f.get("on_kill"));
        assertTrue(((Number) f.get("jobs_failed")).longValue() > 0, f.toString());
        assertEquals(f.get("kills"), f.get("jobs_failed"));
        assertEquals(0L, f.get("requeues"));
        assertEquals(f.get("jobs_failed"), r.summary().get("jobs_ended_killed"));
    }

    @Test
    void randomNodeFaultsOnAFlatMachineRequeueJobsTheSameWayInBothExecutors() throws Exception {
        FaultModel model = FaultModel.NONE.with(ComponentKind.NODE, FailureLaw.parse("exponential(20000000)/exponential(7200)"));
        ReplayResult r = bothExecutors("flat-random", "flat:128", FLAT, plan(KillPolicy.REQUEUE, null, "flat:128", model));
        Map<String, Object> f = faults(r);
        assertTrue(((Number) f.get("requeues")).longValue() > 0, f.toString());
        assertEquals(f.get("kills"), f.get("requeues"));
        assertEquals(0L, r.summary().get("jobs_ended_killed"), "requeued jobs end completed");
    }

    @Test
    void theSameSeedGivesByteIdenticalOutputs() throws Exception {
        FaultModel model = FaultModel.NONE.with(ComponentKind.NODE, FailureLaw.parse("weibull(0.8, 10000000)/exponential(7200)"));
        FaultPlan plan = plan(KillPolicy.REQUEUE, null, "flat:128", model);
        replay("flat:128", FLAT, plan, ExecutorKind.DIRECT, JournalKind.MEMORY, dir.resolve("one"));
        replay("flat:128", FLAT, plan, ExecutorKind.DIRECT, JournalKind.MEMORY, dir.resolve("two"));
        Runs.assertSameOutputs(dir.resolve("one"), dir.resolve("two"));
        FaultPlan otherSeed = new FaultPlan(KillPolicy.REQUEUE, null, List.of(), null, model, 6);
        replay("flat:128", FLAT, otherSeed, ExecutorKind.DIRECT, JournalKind.MEMORY, dir.resolve("three"));
        assertTrue(!Runs.reproducibleSummary(dir.resolve("one")).equals(Runs.reproducibleSummary(dir.resolve("three"))));
    }
}
