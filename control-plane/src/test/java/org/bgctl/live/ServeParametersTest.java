package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobTable;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server takes replay's workload, geometry and scheduler parameters, records them and keeps them across restarts. */
class ServeParametersTest {

    @TempDir
    Path dir;

    private static ServeSpec serve(ReplayParameters parameters, Path run) {
        return serve(parameters, run, 20000);
    }

    private static ServeSpec serve(ReplayParameters parameters, Path run, double speed) {
        return new ServeSpec(parameters, OptionalDouble.of(speed), run, "127.0.0.1", 0, Optional.empty(),
                RestartPolicy.CONTINUE, Optional.empty(), false);
    }

    private static ReplayParameters pfcfsQuarterSizes() throws Exception {
        Path trace = Path.of(ServeParametersTest.class.getResource("/traces/nasa-ipsc-excerpt.swf").toURI());
        return ReplayParameters.none().with("machine", "flat:128").with("scheduler", "pfcfs").with("trace", trace)
                .with("first_jobs", 5).with("size_divide", 4).with("pfcfs_threshold", 50).with("pfcfs_delay", 7);
    }

    @Test
    void theTraceFedLiveIsTransformedAndTheParametersAreRecorded() throws Exception {
        Path run = dir.resolve("run");
        try (LiveServer server = LiveServer.start(serve(pfcfsQuarterSizes(), run))) {
            ApiCalls api = new ApiCalls(server);
            long end = System.currentTimeMillis() + 30_000;
            JsonNode jobs = api.get("/api/jobs").body();
            while (jobs.size() < 5 && System.currentTimeMillis() < end) {
                Thread.sleep(100);
                jobs = api.get("/api/jobs").body();
            }
            assertEquals(5, jobs.size(), jobs.toString());
            // the excerpt's jobs ask for 128 nodes each; divided by 4
            for (JsonNode j : jobs) assertEquals(32, j.get("size").asInt(), j.toString());
        }
        JsonNode summary = ApiCalls.JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("{\"first_jobs\":\"5\",\"size_divide\":\"4\",\"pfcfs_threshold\":\"50\",\"pfcfs_delay\":\"7\"}",
                summary.get("parameters").toString());
        assertEquals(4, summary.get("workload").get("size_divide").asInt());
        assertEquals(5, summary.get("workload").get("first_jobs").asInt());
        JsonNode pfcfs = summary.get("scheduler_settings").get("pfcfs");
        assertEquals(50, pfcfs.get("wide_percent").asInt(), summary.toString());
        assertEquals(7, pfcfs.get("start_delay_s").asInt(), summary.toString());
        assertTrue(!summary.get("scheduler_settings").has("backfill_increase"), "only the settings pfcfs reads");
    }

    /**
     * A server warns of suspicious settings as replay does, and records the warnings in summary.json: before, a trace
     * served on bgl with --size-divide 4 but sizes counted in nodes, and --ci-gain without --ci-fraction, started
     * without a word, where replay warns that most jobs round up to one midplane and that no run time changes.
     */
    @Test
    void aServerWarnsOfItsSettingsAsReplayDoes() throws Exception {
        Path trace = Path.of(ServeParametersTest.class.getResource("/traces/nasa-ipsc-excerpt.swf").toURI());
        Path run = dir.resolve("run");
        ReplayParameters parameters = ReplayParameters.none().with("machine", "bgl").with("trace", trace)
                .with("first_jobs", 5).with("size_divide", 4).with("ci_gain", 0.25);
        List<String> warnings;
        try (LiveServer server = LiveServer.start(serve(parameters, run))) {
            warnings = server.warnings();
        }
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("--size-divide 4 with sizes counted in nodes on bgl, whose jobs take"
                + " whole units of 512 nodes"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith("--ci-gain 0.25 with no communication-intensive job"), warnings.get(1));
        assertEquals(ApiCalls.JSON.valueToTree(warnings),
                ApiCalls.JSON.readTree(run.resolve("summary.json").toFile()).get("warnings"));
    }

    /**
     * A trace served without --machine runs on flat:N of the trace header's MaxNodes, as replay does and as the option's
     * help says, and the journal records that machine: before, serve refused it, "--machine is required for a new run
     * directory". Without a trace the machine is still required.
     */
    @Test
    void aTraceServedWithoutAMachineRunsOnTheFlatMachineOfItsHeaderAsReplayDoes() throws Exception {
        Path trace = Path.of(ServeParametersTest.class.getResource("/traces/nasa-ipsc-excerpt.swf").toURI());
        Path run = dir.resolve("run");
        try (LiveServer server = LiveServer.start(serve(ReplayParameters.none().with("trace", trace)
                .with("first_jobs", 2), run))) {
            assertEquals("flat:128", server.machine());
        }
        try (LiveServer resumed = LiveServer.start(serve(ReplayParameters.none(), run))) {
            assertEquals("flat:128", resumed.machine(), "recorded with the run's inputs");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LiveServer.start(serve(ReplayParameters.none(), dir.resolve("other"))));
        assertEquals("--machine is required for a new run directory fed no trace", e.getMessage());
    }

    /**
     * A seed given to a server with nothing to draw — no trace, no fault model, no boot failures — would change nothing
     * and is refused, as an option of the trace is: before, serve --machine bgl --seed 5 started without a word.
     */
    @Test
    void aSeedWithNothingToDrawIsRefused() throws Exception {
        Path run = dir.resolve("run");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(serve(
                ReplayParameters.none().with("machine", "bgl").with("seed", 5), run)));
        assertEquals("--seed seeds the draws of a trace fed live, of a fault model and of boot failures, and " + run
                + " has none of them: leave --seed out (nothing was changed)", e.getMessage());
        try (LiveServer server = LiveServer.start(serve(ReplayParameters.none().with("machine", "bgl").with("seed", 5)
                .with("boot_model", "machine").with("boot_failure", 0.1), run))) {
            assertEquals("bgl", server.machine(), "boot failures are drawn with it");
        }
    }

    @Test
    void aResumedRunKeepsItsParametersAndRefusesOthers() throws Exception {
        Path run = dir.resolve("run");
        LiveServer.start(serve(pfcfsQuarterSizes(), run)).close();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LiveServer.start(serve(ReplayParameters.none().with("size_divide", 2), run)));
        assertEquals(run + " is a run of size_divide 4, not 2; give --override to change it (nothing was changed)",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LiveServer.start(serve(ReplayParameters.none().with("torus_probability", 1), run)));
        assertEquals(run + " is a run of torus_probability at its default, not 1; give --override to change it"
                + " (nothing was changed)", e.getMessage());
        try (LiveServer resumed = LiveServer.start(serve(ReplayParameters.none().with("size_divide", 4), run))) {
            assertTrue(resumed.resumed());
            assertEquals("pfcfs", resumed.scheduler());
        }
        JsonNode summary = ApiCalls.JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("4", summary.get("parameters").get("size_divide").asText());
        assertEquals(50, summary.get("scheduler_settings").get("pfcfs").get("wide_percent").asInt());
    }

    /**
     * A reservation or fault file whose bytes changed since the run recorded it is refused at a restart, as a changed
     * trace is: before, the server took the file as it was now, so the windows it held were no longer those of its
     * journal, and a window cancelled through the API and then taken out of the file stopped its recovery ("reservation
     * 'maint' is cancelled but was not placed").
     */
    @Test
    void aRestartRefusesAnInputFileWhoseBytesChangedUnlessOverridden() throws Exception {
        Path run = dir.resolve("run");
        Path windows = Files.writeString(dir.resolve("windows"), "100000 200000 all maint\n");
        Path faults = Files.writeString(dir.resolve("faults"), "300000 node-1 down\n");
        ReplayParameters inputs = ReplayParameters.none().with("machine", "flat:16").with("reservations", windows)
                .with("faults", faults);
        LiveServer.start(serve(inputs, run)).close();
        Files.writeString(windows, "100000 300000 all maint\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LiveServer.start(serve(ReplayParameters.none(), run)));
        assertEquals("the reservation file " + windows + " changed since the run started (its SHA-256 differs from the"
                + " journal's); give --override to take it as it is now (nothing was changed)", e.getMessage());
        Files.writeString(windows, "100000 200000 all maint\n");
        Files.writeString(faults, "300000 node-2 down\n");
        e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(serve(ReplayParameters.none(), run)));
        assertTrue(e.getMessage().startsWith("the fault file " + faults + " changed since the run started"),
                e.getMessage());
        try (LiveServer resumed = LiveServer.start(new ServeSpec(ReplayParameters.none(), OptionalDouble.of(20000), run,
                "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), true))) {
            assertTrue(resumed.resumed());
        }
        LiveServer.start(serve(ReplayParameters.none(), run)).close(); // the journal now records the file as it is
    }

    /**
     * A machine file whose bytes changed since the run recorded it is refused at a restart, --override or not: the
     * machine of a run never changes, and its journal's jobs hold partitions of the machine as it was.
     */
    @Test
    void aRestartRefusesAChangedMachineFileEvenOverridden() throws Exception {
        Path run = dir.resolve("run");
        Path wiring = Files.copy(Path.of("..", "config", "machines", "bgl.conf"), dir.resolve("own.conf"));
        String text = Files.readString(wiring);
        LiveServer.start(serve(ReplayParameters.none().with("machine", wiring), run)).close();
        Files.writeString(wiring, text + "# edited\n");
        String refusal = "the machine file " + wiring + " changed since the run started (its SHA-256 differs from the"
                + " journal's); the machine of a run never changes, --override or not (nothing was changed)";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LiveServer.start(serve(ReplayParameters.none(), run)));
        assertEquals(refusal, e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(new ServeSpec(ReplayParameters.none(),
                OptionalDouble.of(20000), run, "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE,
                Optional.empty(), true)));
        assertEquals(refusal, e.getMessage());
        Files.writeString(wiring, text);
        try (LiveServer resumed = LiveServer.start(serve(ReplayParameters.none(), run))) {
            assertTrue(resumed.resumed());
        }
    }

    /**
     * A reservation file given with --override that leaves out a window the journal cancels is refused in one line:
     * before, the server started, the scheduler's recovery stopped on the cancellation ('reservation 'maint' is
     * cancelled but was not placed', a stack trace) and the server went on listening with nothing to journal.
     */
    @Test
    void anOverriddenReservationFileThatTheJournalContradictsIsRefused() throws Exception {
        Path run = dir.resolve("run");
        Path windows = Files.writeString(dir.resolve("windows"), "100000 200000 all maint\n");
        try (LiveServer server = LiveServer.start(serve(ReplayParameters.none().with("machine", "flat:16")
                .with("reservations", windows), run))) {
            assertEquals(200, new ApiCalls(server).delete("/api/reservations/maint", null).status());
        }
        Files.writeString(windows, "100000 200000 all other\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(new ServeSpec(
                ReplayParameters.none(), OptionalDouble.of(20000), run, "127.0.0.1", 0, Optional.empty(),
                RestartPolicy.CONTINUE, Optional.empty(), true)));
        assertTrue(e.getMessage().startsWith("the journal of " + run + " cancels the window 'maint' at "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" s, which is not there with the windows of " + windows + "; give the"
                + " reservation file it was served with (nothing was changed)"), e.getMessage());
        Files.writeString(windows, "100000 200000 all maint\n");
        LiveServer.start(serve(ReplayParameters.none(), run)).close(); // the journal's file again: resumed as before
    }

    @Test
    void anOptionOfTheTraceIsRefusedOnARunFedNoTrace() throws Exception {
        Path run = dir.resolve("run");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(
                serve(ReplayParameters.none().with("machine", "flat:16").with("first_jobs", 100), run)));
        assertEquals("--first applies to the trace fed live, and " + run + " is fed none: give --trace FILE, or leave"
                + " --first out (nothing was changed)", e.getMessage());
        assertTrue(!run.resolve("journal.mv.db").toFile().exists(), "nothing journaled");
        LiveServer.start(serve(ReplayParameters.none().with("machine", "flat:16"), run)).close();
        e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(new ServeSpec(
                ReplayParameters.none().with("pin_shapes", true), OptionalDouble.of(20000), run, "127.0.0.1", 0,
                Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), true)));
        assertTrue(e.getMessage().startsWith("--pin-shapes applies to the trace fed live"), e.getMessage());
        // without --override too: refused as an option of no trace, not as one the journal does not record
        e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(
                serve(ReplayParameters.none().with("size_divide", 2), run)));
        assertEquals("--size-divide applies to the trace fed live, and " + run + " is fed none: give --trace FILE, or"
                + " leave --size-divide out (nothing was changed)", e.getMessage());
    }

    @Test
    void overrideIsRefusedOnANewRunDirectory() {
        Path run = dir.resolve("run");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(new ServeSpec(
                ReplayParameters.none().with("machine", "flat:16"), OptionalDouble.of(20000), run, "127.0.0.1", 0,
                Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), true)));
        assertEquals("--override changes the inputs of a run started before, and " + run + " holds none yet: leave"
                + " --override out (nothing was changed)", e.getMessage());
        assertTrue(!run.resolve("journal.mv.db").toFile().exists(), "nothing journaled");
    }

    @Test
    void aServeRunIsReDrivenWithTheSchedulerSettingsItRanWith() throws Exception {
        Path run = dir.resolve("run");
        try (LiveServer server = LiveServer.start(serve(ReplayParameters.none().with("machine", "flat:16")
                .with("boot_delay", 40), run, 200))) {
            ApiCalls api = new ApiCalls(server);
            for (int i = 0; i < 2; i++)
                assertEquals(201, api.post("/api/jobs", "{\"size\": 16, \"runtime\": 20}", null).status());
            long end = System.currentTimeMillis() + 30_000;
            while (api.get("/api/metrics").body().get("jobs_ended").asLong() < 2 && System.currentTimeMillis() < end)
                Thread.sleep(50);
        }
        JobTable served = new JobTable();
        JournalReader.read(run, served);
        List<JobRecord> replayed = JournalReplay.run(run, null, dir.resolve("replay")).jobs();
        assertEquals(2, served.records().size());
        for (int i = 0; i < 2; i++) {
            JobRecord s = served.records().get(i);
            assertEquals(s.end(), replayed.get(i).end(), "job " + s.job().id());
            assertEquals(60, s.end() - s.scheduled(), "20 s of run after a 40 s boot: " + s);
        }
    }
}
