package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.run.ReplayParameters;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.workload.GeometryOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault file applied by a real server on loopback, on the live clock: a scripted failure kills the
 * job running on the midplane at its virtual second, the job is requeued (or failed), and the scripted
 * repair lets it start again; the journal shows it all, in order, and its audit is clean.
 */
class LiveFaultsTest {

    @TempDir
    Path dir;

    private Path faultFile() throws Exception {
        Path faults = dir.resolve("live.faults");
        Files.writeString(faults, "# the whole-machine job is killed at 40, the midplane back at 80\n"
                + "40 mp-R000 down\n80 mp-R000 up\n");
        return faults;
    }

    /** One job of the whole machine arriving at virtual second 0, so it runs when the fault comes. */
    private Path wholeMachineJob() throws Exception {
        Path trace = dir.resolve("whole.swf");
        Files.writeString(trace, "1 0 0 100000 65536 -1 -1 65536 100000 -1 1 1 1 -1 1 -1 -1 -1\n");
        return trace;
    }

    private LiveServer serve(Path run, String onKill) throws Exception {
        return LiveServer.start(new ServeSpec("bgl", "easy", 20, Optional.of(wholeMachineJob()), 0, run, "127.0.0.1", 0,
                Optional.empty(), Optional.of(faultFile()), Optional.empty(), GeometryOptions.DEFAULT_SEED, onKill,
                RestartPolicy.CONTINUE, Optional.empty()));
    }

    private static List<SchedulerEvent> journal(Path run) {
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, events::add);
        return events;
    }

    /** Waits until job 1 has the status {@code status}, at virtual time {@code t} or later. */
    private static void await(LiveServer server, long t, String status) throws Exception {
        ApiCalls api = new ApiCalls(server);
        String now = "";
        for (int i = 0; i < 400; i++) {
            now = api.get("/api/jobs/1").body().path("status").asText();
            if (now.equals(status) && server.view().lastTime() >= t) return;
            Thread.sleep(50);
        }
        assertEquals(status, now, "job 1 at virtual time " + server.view().lastTime() + ", waited for " + t);
    }

    @Test
    void aScriptedFaultKillsAndRequeuesTheRunningJobAndItsRepairStartsItAgain() throws Exception {
        Path run = dir.resolve("requeue");
        long id = 1;
        try (LiveServer server = serve(run, null)) {
            await(server, 80, "running");
        }
        List<SchedulerEvent> events = journal(run);
        List<SchedulerEvent> ofTheFault = events.stream().filter(e -> e.time() == 40 || e.time() == 80)
                .filter(e -> !(e instanceof JobStarted s) || s.jobId() == id).toList();
        assertEquals(5, ofTheFault.size(), ofTheFault.toString());
        assertEquals(new JobKilled(id, 40, "mp-R000"), ofTheFault.get(0));
        assertTrue(ofTheFault.get(1) instanceof JobRequeued q && q.jobId() == id, ofTheFault.toString());
        assertEquals(new ComponentFailed("mp-R000", 40), ofTheFault.get(2));
        assertEquals(new ComponentRepaired("mp-R000", 80), ofTheFault.get(3));
        assertTrue(ofTheFault.get(4) instanceof JobStarted s && s.jobId() == id && s.time() == 80, ofTheFault.toString());
        RecordedRun audit = new RecordedRun(MachineCatalog.create("bgl"));
        events.forEach(audit::accept);
        assertEquals(List.of(), audit.violations());
        assertTrue(Files.readString(run.resolve("summary.json")).contains("\"on_kill\" : \"requeue\""));
    }

    @Test
    void withOnKillFailTheKilledJobEndsThere() throws Exception {
        Path run = dir.resolve("fail");
        long id = 1;
        try (LiveServer server = serve(run, "fail")) {
            await(server, 40, "killed_by_fault");
        }
        List<SchedulerEvent> events = journal(run);
        assertTrue(events.contains(new JobKilled(id, 40, "mp-R000")), events.toString());
        assertTrue(events.stream().noneMatch(e -> e instanceof JobRequeued), events.toString());
    }

    /**
     * With requeue and {@code --max-requeues 0} on a server the killed job is not run again: it fails at its kill,
     * the server keeps taking jobs, and a restart (its inputs from the journal) keeps the limit.
     */
    @Test
    void aServerFailsAJobKilledMoreOftenThanMaxRequeuesAllowsAndARestartKeepsTheLimit() throws Exception {
        Path run = dir.resolve("max-requeues");
        ReplayParameters parameters = ReplayParameters.none().with("machine", "bgl").with("scheduler", "easy")
                .with("trace", wholeMachineJob()).with("faults", faultFile()).with("on_kill", "requeue")
                .with("max_requeues", 0);
        ServeSpec spec = new ServeSpec(parameters, OptionalDouble.of(20), run, "127.0.0.1", 0, Optional.empty(),
                RestartPolicy.CONTINUE, Optional.empty(), false);
        try (LiveServer server = LiveServer.start(spec)) {
            await(server, 40, "killed_by_fault");
            ApiCalls api = new ApiCalls(server);
            assertEquals(201, api.post("/api/jobs", "{\"size\": 512, \"runtime\": 5}", null).status());
        }
        List<SchedulerEvent> events = journal(run);
        assertTrue(events.contains(new JobKilled(1, 40, "mp-R000")), events.toString());
        assertTrue(events.stream().noneMatch(e -> e instanceof JobRequeued), events.toString());
        try (LiveServer again = LiveServer.start(new ServeSpec(ReplayParameters.none(), OptionalDouble.empty(), run,
                "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), false))) {
            assertEquals("killed_by_fault", new ApiCalls(again).get("/api/jobs/1").body().path("status").asText());
        }
        assertTrue(Files.readString(run.resolve("summary.json")).contains("\"max_requeues\" : 0"),
                Files.readString(run.resolve("summary.json")));
    }
}
