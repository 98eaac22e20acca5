package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bgctl.faults.FaultModel;
import org.bgctl.faults.FaultPlan;
import org.bgctl.faults.FaultScript;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.audit.WiringAudit;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDSC-SP2 excerpt's first 400 jobs on bgl (a trace node per midplane) with booting blocks: the actors with the
 * H2 journal schedule exactly as the direct executor does, with boots alone, with boots that fail, and with a
 * midplane going down mid-boot; jobs.csv has the boot columns, summary.json its blocks, and the journal alone
 * rebuilds jobs.csv and passes both audits.
 */
class BootReplayTest {

    private static final WorkloadOptions BGL = WorkloadOptions.builder().firstJobs(400)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, 1)).build();

    @TempDir
    Path dir;

    private static FaultPlan plan(double bootFailure, Path script) {
        return new FaultPlan(KillPolicy.REQUEUE, script,
                script == null ? List.of() : FaultScript.read(script, MachineCatalog.create("bgl")), null,
                FaultModel.NONE, 1, KillPolicy.DEFAULT_MAX_REQUEUES, BootModelKind.MACHINE.of("bgl", bootFailure, 1, false));
    }

    /** Midplanes failing at random (about every 300000 s each, for about an hour), 1% of boots failing. */
    private static FaultPlan randomMidplaneFaults(boolean reuse) {
        FaultModel model = FaultModel.NONE.with(org.bgctl.faults.ComponentKind.MIDPLANE,
                org.bgctl.faults.FailureLaw.parse("exponential(300000)/exponential(3600)"));
        return new FaultPlan(KillPolicy.REQUEUE, null, List.of(), null, model, 1,
                KillPolicy.DEFAULT_MAX_REQUEUES, BootModelKind.MACHINE.of("bgl", 0.01, 1, reuse));
    }

    private static ReplayResult replay(FaultPlan faults, ExecutorKind executor, JournalKind journal, Path out)
            throws Exception {
        return Replay.run(new ReplaySpec(Runs.SDSC, "bgl", "easy", BGL, false, out, journal, executor,
                SchedulerSettings.defaults(), faults), Progress.none(), Duration.ofHours(1));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> blocks(ReplayResult r) {
        return (Map<String, Object>) r.summary().get("blocks");
    }

    private ReplayResult bothExecutors(String name, FaultPlan plan) throws Exception {
        Path actors = dir.resolve(name + "-actors");
        Path direct = dir.resolve(name + "-direct");
        ReplayResult result = replay(plan, ExecutorKind.ACTORS, JournalKind.H2, actors);
        replay(plan, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(actors.resolve("jobs.csv")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(actors));

        RecordedRun audit = new RecordedRun(MachineCatalog.create("bgl"));
        WiringAudit wiring = WiringAudit.forMachine("bgl").orElseThrow();
        JobTable table = new JobTable();
        JournalReader.read(actors, e -> {
            audit.accept(e);
            wiring.accept(e);
            table.accept(e);
        });
        assertEquals(List.of(), audit.violations());
        assertEquals(List.of(), wiring.violations());
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt, true);
        assertEquals(Files.readString(actors.resolve("jobs.csv")), rebuilt.toString(), "jobs.csv from the journal alone");
        return result;
    }

    @Test
    void blocksBootForTheirSizeThenRunTheSameWayInBothExecutors() throws Exception {
        ReplayResult r = bothExecutors("boots", plan(0, null));
        List<String> csv = Runs.lines(dir.resolve("boots-actors/jobs.csv"));
        assertEquals(JobsCsv.HEADER + JobsCsv.BOOT_COLUMNS, csv.get(0));
        List<String> header = List.of(csv.get(0).split(","));
        int size = header.indexOf("size");
        int start = header.indexOf("start_s");
        int bootStart = header.indexOf("boot_start_s");
        int bootEnd = header.indexOf("boot_end_s");
        long booted = 0;
        long bootSeconds = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            if (f[bootStart].isEmpty()) continue;
            long boot = Long.parseLong(f[bootEnd]) - Long.parseLong(f[bootStart]);
            assertEquals(120 + 6 * Long.parseLong(f[size]) / 512, boot, line);
            assertEquals(f[start], f[bootEnd], "the job runs from its boot's end: " + line);
            booted++;
            bootSeconds += boot;
        }
        Map<String, Object> b = blocks(r);
        assertEquals(120L, ((Number) b.get("boot_base_s")).longValue());
        assertEquals(6L, ((Number) b.get("boot_per_midplane_s")).longValue());
        assertEquals(booted, ((Number) b.get("boots")).longValue(), "no boot failed: one boot per job " + b);
        assertEquals(bootSeconds, ((Number) b.get("boot_s")).longValue());
        assertEquals(0L, ((Number) b.get("boot_failures")).longValue());
    }

    @Test
    void failedBootsAreRequeuedAndCountedTheSameWayInBothExecutors() throws Exception {
        ReplayResult r = bothExecutors("failing", plan(0.01, null));
        Map<String, Object> b = blocks(r);
        long failures = ((Number) b.get("boot_failures")).longValue();
        assertTrue(failures > 0, b.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> f = (Map<String, Object>) r.summary().get("faults");
        assertEquals(0.01, ((Number) f.get("boot_failure")).doubleValue());
        assertEquals(0, f.get("invariant_violations"));
        long failed = ((Number) f.get("jobs_failed")).longValue();
        assertEquals(failures, ((Number) f.get("requeues")).longValue() + failed,
                "each failed boot requeued, but for the jobs that failed too often: " + f);
        assertEquals(r.jobs().size() + failures, ((Number) b.get("boots")).longValue(), "a boot per start");
    }

    @Test
    void aMidplaneDownMidBootFailsTheBootAndTheJobIsRequeued() throws Exception {
        // the first job of the excerpt starts at 566129 on midplane R000 (a 1-midplane block boots for 126 s)
        Path script = Files.write(dir.resolve("mid-boot.faults"),
                List.of("566130 mp-R000 down", "566200 mp-R000 up"));
        ReplayResult r = bothExecutors("mid-boot", plan(0, script));
        Map<String, Object> b = blocks(r);
        assertEquals(1L, ((Number) b.get("boot_failures")).longValue(), b.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> f = (Map<String, Object>) r.summary().get("faults");
        assertEquals(1L, ((Number) f.get("kills")).longValue(), f.toString());
        assertEquals(1L, ((Number) f.get("requeues")).longValue(), f.toString());
    }

    @Test
    void randomMidplaneFaultsStrikingBootingAndFreedBlocksAreTheSameInBothExecutors() throws Exception {
        ReplayResult r = bothExecutors("random", randomMidplaneFaults(false));
        @SuppressWarnings("unchecked")
        Map<String, Object> f = (Map<String, Object>) r.summary().get("faults");
        assertTrue(((Number) f.get("failures")).longValue() > 100, f.toString());
        assertTrue(((Number) f.get("kills")).longValue() > 0, f.toString());
        assertEquals(0, f.get("invariant_violations"));
        assertTrue(((Number) blocks(r).get("boot_failures")).longValue() > 0, blocks(r).toString());
    }

    @Test
    void readyBlocksAreReusedTheSameWayInBothExecutorsWithFaultsAndFailedBoots() throws Exception {
        ReplayResult r = bothExecutors("reuse", randomMidplaneFaults(true));
        Map<String, Object> b = blocks(r);
        long reuses = ((Number) b.get("reuses")).longValue();
        assertTrue(reuses > 0, b.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> f = (Map<String, Object>) r.summary().get("faults");
        assertEquals(0, f.get("invariant_violations"));
        List<String> csv = Runs.lines(dir.resolve("reuse-actors/jobs.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        int start = header.indexOf("start_s");
        int bootStart = header.indexOf("boot_start_s");
        int bootEnd = header.indexOf("boot_end_s");
        long withoutBoot = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",");
            if (!cells[bootStart].isEmpty() && cells[bootStart].equals(cells[bootEnd]) && cells[bootEnd].equals(cells[start]))
                withoutBoot++;
        }
        assertTrue(withoutBoot > 0 && withoutBoot <= reuses, withoutBoot + " jobs ran without a boot, " + reuses + " reuses");
        ReplayResult noReuse = replay(plan(0, null), ExecutorKind.DIRECT, JournalKind.MEMORY, dir.resolve("no-reuse"));
        assertEquals(0L, ((Number) blocks(noReuse).get("reuses")).longValue());
    }

    @Test
    void withoutTheBootModelOutputsHaveNoBootColumnsNorBlocks() throws Exception {
        ReplayResult r = replay(FaultPlan.NONE, ExecutorKind.DIRECT, JournalKind.MEMORY, dir.resolve("flat"));
        assertFalse(r.summary().asMap().containsKey("blocks"));
        assertEquals(JobsCsv.HEADER, Runs.lines(dir.resolve("flat/jobs.csv")).get(0));
    }

    @Test
    void theOptionsAreCheckedWithOneClearMessage() throws Exception {
        ReplayParameters base = ReplayParameters.none().with("trace", "demo").with("machine", "bgl");
        assertEquals(BootModel.NONE, base.toSpec(dir.resolve("a")).faults().boots());
        BootModel on = base.with("boot_model", "machine").with("boot_failure", "0.01").with("seed", "7")
                .toSpec(dir.resolve("b")).faults().boots();
        assertEquals(new BootModel(120, 6, 512, 0.01, 7, 60), on);
        assertMessage("--boot-failure 0.1 needs booting blocks: add --boot-model machine",
                base.with("boot_failure", "0.1"));
        assertMessage("--reuse-blocks needs booting blocks: add --boot-model machine", base.with("reuse_blocks", "true"));
        assertEquals(on.reusing(), base.with("boot_model", "machine").with("boot_failure", "0.01").with("seed", "7")
                .with("reuse_blocks", "true").toSpec(dir.resolve("d")).faults().boots());
        assertMessage("--boot-model machine: machine 'flat:64' boots no blocks: only machines of midplanes do",
                base.with("machine", "flat:64").with("boot_model", "machine"));
        assertMessage("--boot-failure must be at least 0 and below 1, was 1.0",
                base.with("boot_model", "machine").with("boot_failure", "1"));
        String pfcfsRefused = "--boot-model machine: not supported with scheduler pfcfs, which suspends running jobs"
                + " and could suspend one whose block boots; use another scheduler";
        assertMessage(pfcfsRefused, base.with("boot_model", "machine").with("scheduler", "pfcfs"));
        // boots that may fail are refused as boots, not as the faults the user did not give
        assertMessage(pfcfsRefused, base.with("boot_model", "machine").with("boot_failure", "0.01")
                .with("scheduler", "pfcfs"));
        Path noBoots = Files.writeString(dir.resolve("no-boots.conf"), Files.readString(
                Path.of("../config/machines/bgl.conf")).replaceAll("(?s)\nboot \\{.*?\\}\n", "\n"));
        assertMessage("--boot-model machine: machine '" + noBoots + "': its machine file has no boot block"
                + " (boot { base = S, per-midplane = S }, docs/blocks.md)",
                base.with("machine", noBoots.toString()).with("boot_model", "machine"));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> base.with("boot_model", "bgl").toSpec(dir.resolve("c")));
        assertTrue(unknown.getMessage().contains("unknown boot model 'bgl'; known: none, machine"), unknown.getMessage());
    }

    private void assertMessage(String expected, ReplayParameters p) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.toSpec(dir.resolve("x")));
        assertEquals(expected, e.getMessage());
    }
}
