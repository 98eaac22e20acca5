package org.bgctl.run;

import static org.bgctl.swf.TestTraces.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.swf.TestTraces;
import org.bgctl.workload.EstimateSource;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayParametersTest {

    @TempDir
    Path dir;

    /** Three jobs: 1200 node-seconds of work submitted over 100 s, so offered load 0.75 on flat:16. */
    private Path trace() throws IOException {
        return TestTraces.write(dir, "three.swf", "; MaxNodes: 16", job(1, 0, 100, 4, 4, 200), job(2, 50, 300, 2, 2, 600),
                job(3, 100, 25, 8, 8, 50));
    }

    private ReplayParameters base() throws IOException {
        return ReplayParameters.none().with("trace", trace()).with("machine", "flat:16");
    }

    @Test
    void everyParameterReachesTheSpec() throws IOException {
        ReplaySpec spec = base().with("scheduler", "conservative").with("executor", "direct").with("journal", "memory")
                .with("lenient", true).with("first_jobs", 2).with("submit_from", 0).with("submit_to", 60)
                .with("size_multiply", 3).with("size_divide", 2).with("runtime_coefficient", 1.2)
                .with("arrival_scale", 0.5).with("estimate_source", "exact").with("enforce_walltime", true)
                .toSpec(dir.resolve("run"));
        assertEquals(new ReplaySpec(TraceSource.file(trace()), "flat:16", "conservative",
                WorkloadOptions.builder().firstJobs(2).submitWindow(0, 60).sizeMultiply(3).sizeDivide(2)
                        .runtimeCoefficient(1.2).arrivalScale(0.5).estimateSource(EstimateSource.EXACT)
                        .enforceWalltime(true).build(),
                true, dir.resolve("run"), JournalKind.MEMORY, ExecutorKind.DIRECT), spec);
    }

    @Test
    void unsetParametersTakeReplaysDefaults() throws IOException {
        ReplaySpec spec = ReplayParameters.none().with("trace", trace()).toSpec(dir);
        assertEquals("flat:16", spec.machine());
        assertEquals("easy", spec.scheduler());
        assertEquals(WorkloadOptions.defaults(), spec.workload());
        assertEquals(JournalKind.H2, spec.journal());
        assertEquals(ExecutorKind.ACTORS, spec.executor());
    }

    @Test
    void theDefaultMachineCountsProcessorsAsTheJobSizesDo() throws IOException {
        // an SMP machine: 16 nodes of 4 processors; the sizes of fields 5 and 8 count processors. Was flat:16.
        Path smp = TestTraces.write(dir, "smp.swf", "; MaxNodes: 16", "; MaxProcs: 64", job(1, 0, 100, 64, 64, 200));
        assertEquals("flat:64", ReplayParameters.none().with("trace", smp).toSpec(dir).machine());
        // -1 is unknown, as in a job line: the other count gives the machine (MaxNodes -1 was refused)
        Path nodesUnknown = TestTraces.write(dir, "procs.swf", "; MaxNodes: -1", "; MaxProcs: 64", job(1, 0, 100, 4, 4, 200));
        assertEquals("flat:64", ReplayParameters.none().with("trace", nodesUnknown).toSpec(dir).machine());
        Path procsUnknown = TestTraces.write(dir, "nodes.swf", "; MaxNodes: 16", "; MaxProcs: -1", job(1, 0, 100, 4, 4, 200));
        assertEquals("flat:16", ReplayParameters.none().with("trace", procsUnknown).toSpec(dir).machine());
        Path neither = TestTraces.write(dir, "neither.swf", "; MaxNodes: -1", "; MaxProcs: 0", job(1, 0, 100, 4, 4, 200));
        assertMessage("gives no MaxProcs or MaxNodes that is a positive whole number",
                ReplayParameters.none().with("trace", neither));
    }

    @Test
    void namesAreKeysOrReplayOptionsAndKeepAFixedOrder() {
        ReplayParameters p = ReplayParameters.none().with("--runtime-coefficient", 0.9).with("first", 10)
                .with("scheduler", "fcfs");
        assertEquals(List.of("scheduler", "first_jobs", "runtime_coefficient"), List.copyOf(p.asMap().keySet()));
        assertEquals("scheduler=fcfs first_jobs=10 runtime_coefficient=0.9", p.toString());
        assertEquals(p, ReplayParameters.none().with("scheduler", "fcfs").with("runtime_coefficient", "0.9")
                .with("first_jobs", "10"));
        assertEquals(ReplayParameters.none().with("scheduler", "fcfs"), p.with("first", null).with("runtime-coefficient", null));
    }

    @Test
    void maxRequeuesIsRefusedWhenKilledJobsFail() throws IOException {
        assertMessage("--max-requeues counts the requeues of --on-kill requeue, and --on-kill fail requeues no job:"
                + " leave --max-requeues out", base().with("on_kill", "fail").with("max_requeues", 2));
        assertEquals(2, base().with("max_requeues", 2).with("fault_node", NODE_LAW).toSpec(dir.resolve("run")).faults()
                .maxRequeues());
    }

    /** Random node failures on flat:16, a source of kills. */
    private static final String NODE_LAW = "exponential(864000)/exponential(3600)";

    /**
     * --on-kill and --max-requeues say what becomes of a killed job; a replay without a fault file, a fault model or
     * boots that may fail kills none, and they changed nothing there. A watched replay's API fails components.
     */
    @Test
    void theKillPolicyIsRefusedWhenNoJobCanBeKilled() throws IOException {
        String needs = ": no job is killed in this replay, so it changes nothing; it needs a source of kills: --faults"
                + " FILE, --fault-model FILE.conf, a --fault-midplane, --fault-switch, --fault-cable or --fault-node law,"
                + " --boot-failure P with --boot-model machine, or --port (the API fails components); else leave it out";
        assertMessage("--on-kill fail" + needs, base().with("on_kill", "fail"));
        assertMessage("--on-kill requeue" + needs, base().with("on_kill", "requeue"));
        assertMessage("--on-kill requeue, --max-requeues 2" + needs, base().with("on_kill", "requeue")
                .with("max_requeues", 2));
        assertMessage("--max-requeues 0" + needs, base().with("max_requeues", 0));
        assertEquals(KillPolicy.FAIL, base().with("on_kill", "fail").with("fault_node", NODE_LAW)
                .toSpec(dir.resolve("law")).faults().onKill());
        ReplaySpec watched = base().with("on_kill", "fail").toSpecWithLiveFaults(dir.resolve("watched"));
        assertEquals(KillPolicy.FAIL, watched.faults().onKill());
        assertEquals(3, base().with("max_requeues", 3).toSpecWithLiveFaults(dir.resolve("w3")).faults().maxRequeues());
    }

    @Test
    void badValuesNameTheParameter() throws IOException {
        assertMessage("--runtime-coefficient 'fast': not a number", base().with("runtime_coefficient", "fast"));
        assertMessage("--first '1.5': not a whole number", base().with("first_jobs", "1.5"));
        assertMessage("--lenient 'yes': not true or false", base().with("lenient", "yes"));
        assertMessage("--estimate 'guess': unknown estimate source", base().with("estimate", "guess"));
        assertMessage("--executor 'threads': unknown executor", base().with("executor", "threads"));
        assertMessage("unknown scheduler 'sjf'", base().with("scheduler", "sjf"));
        assertMessage("unknown machine 'bigiron'", base().with("machine", "bigiron"));
        assertMessage("trace: not set", ReplayParameters.none().with("machine", "flat:16"));
        assertMessage("--offered-load and --arrival-scale both set", base().with("offered_load", 0.5).with("arrival_scale", 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReplayParameters.none().with("speed", 2));
        assertTrue(e.getMessage().startsWith("unknown replay parameter 'speed'; known: trace, machine,"), e.getMessage());
    }

    @Test
    void offeredLoadScalesArrivalsByTheRatioOfLoads() throws IOException {
        assertEquals(0.75 / 0.5, base().with("offered_load", 0.5).toSpec(dir).workload().arrivalScale(), 1e-12);
        assertEquals(0.75 / 1.0, base().with("offered_load", 1.0).toSpec(dir).workload().arrivalScale(), 1e-12);
    }

    @Test
    void offeredLoadIsMeasuredOnTheTransformedTrace() throws IOException {
        // run times doubled: 2400 node-seconds over 100 s, load 1.5 before arrivals are scaled
        assertEquals(1.5 / 0.5, base().with("runtime_coefficient", 2).with("offered_load", 0.5).toSpec(dir)
                .workload().arrivalScale(), 1e-12);
        // sizes halved, rounding up: 2·100 + 1·300 + 4·25 = 600 node-seconds, load 0.375
        assertEquals(0.375 / 0.25, base().with("size_divide", 2).with("offered_load", 0.25).toSpec(dir)
                .workload().arrivalScale(), 1e-12);
    }

    @Test
    void theReplayReachesTheTargetOfferedLoad() throws IOException {
        ReplaySpec spec = base().with("offered_load", 0.5).with("executor", "direct").toSpec(dir.resolve("run"));
        ReplayResult result = Replay.run(spec, Progress.none(), Duration.ofHours(1));
        assertEquals(new BigDecimal("0.5"), result.summary().get("offered_load"));
        assertEquals(0.75, LoadMeter.reading().measure(spec.trace(), WorkloadOptions.defaults(), false, "flat:16"), 1e-12);
    }

    @Test
    void aTraceWithoutASpanHasNoOfferedLoad() throws IOException {
        Path flat = TestTraces.write(dir, "one.swf", job(1, 0, 100, 4, 4, 200));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReplayParameters.none()
                .with("trace", flat).with("machine", "flat:16").with("offered_load", 0.5).toSpec(dir));
        assertTrue(e.getMessage().startsWith("--offered-load 0.5 on one.swf: the workload has no measurable offered load"),
                e.getMessage());
    }

    @Test
    void demoNamesTheBundledTrace() throws IOException {
        ReplaySpec spec = ReplayParameters.none().with("trace", ReplayParameters.DEMO_TRACE).toSpec(dir);
        assertEquals(TraceSource.DEMO, spec.trace());
        assertEquals(TraceSource.DEMO_MACHINE, spec.machine());
    }

    @Test
    void aMonthIsTheSubmitWindowOfThatLocalMonthOfTheTrace() throws IOException {
        Path eastern = TestTraces.write(dir, "eastern.swf", "; UnixStartTime: 835823160", "; TimeZoneString: US/Eastern",
                job(1, 0, 100, 4, 4, 200));
        ReplaySpec july = ReplayParameters.none().with("trace", eastern).with("machine", "flat:16")
                .with("month", "1996-07").toSpec(dir);
        // 1996-07-01 00:00 EDT is 370440 s after Wed Jun 26 17:06:00 EDT 1996; 31 days later, August.
        assertEquals(370440, july.workload().fromSubmit());
        assertEquals(370440 + 31 * 86400, july.workload().toSubmit());
        assertMessage("--month and --from/--to both set", ReplayParameters.none().with("trace", eastern)
                .with("machine", "flat:16").with("month", "1996-07").with("submit_from", 0));
        assertMessage("--month '96-7': not a month YYYY-MM", base().with("month", "96-7"));
        assertMessage("gives no UnixStartTime", base().with("month", "1996-07"));
    }

    @Test
    void pfcfsParametersReachTheSettings() throws IOException {
        ReplaySpec spec = base().with("scheduler", "pfcfs").with("pfcfs_threshold", 45).with("pfcfs_delay", 1)
                .with("pfcfs_gang", 120).with("pfcfs_switches", 3).with("switch_penalty", 2).toSpec(dir);
        assertEquals(new GangSettings(45, 1, 120, 3, 2), spec.settings().gang());
        assertEquals(new GangSettings(40, 240, 240, 1, 0), base().with("scheduler", "pfcfs").with("pfcfs_gang", 240)
                .with("pfcfs_delay", "gang").toSpec(dir).settings().gang());
        assertMessage("the maximum number of context switches n must be at least 1",
                base().with("scheduler", "pfcfs").with("pfcfs_switches", 0));
    }

    /** A setting the run's scheduler does not read was accepted and ignored: easy ran as if it were not given. */
    @Test
    void aSettingTheSchedulerDoesNotReadIsRefused() throws IOException {
        assertMessage("--pfcfs-threshold is read only by pfcfs; scheduler easy does not read it: leave it out",
                base().with("pfcfs_threshold", 50));
        assertMessage("--backfill-increase is read only by krevat-backfill, krevat-bm; scheduler fcfs does not read"
                + " it: leave it out", base().with("scheduler", "fcfs").with("backfill_increase", 2));
        assertEquals(5, base().with("scheduler", "fcfs").with("boot_delay", 5).toSpec(dir).settings().bootDelay());
    }

    private void assertMessage(String expected, ReplayParameters parameters) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parameters.toSpec(dir));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
