package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.run.ActorReplay;
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

    private LiveServer serve(Path run, String onKill) throws Exception {
        return LiveServer.start(new ServeSpec("bgl", "easy", 40, Optional.empty(), 0, run, "127.0.0.1", 0,
                Optional.empty(), Optional.of(faultFile()), Optional.empty(), GeometryOptions.DEFAULT_SEED, onKill,
                RestartPolicy.CONTINUE));
    }

    private static List<SchedulerEvent> journal(Path run) {
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, ActorReplay.SCHEDULER_ID.id(), events::add);
        return events;
    }

    private static String status(ApiCalls api, long id) throws Exception {
        return api.get("/api/jobs/" + id).body().get("status").asText();
    }

    private static void awaitVirtual(LiveServer server, long t) throws InterruptedException {
        for (int i = 0; i < 300 && server.view().lastTime() < t; i++) Thread.sleep(50);
        assertTrue(server.view().lastTime() >= t, "virtual time " + server.view().lastTime() + ", waited for " + t);
    }

    @Test
    void aScriptedFaultKillsAndRequeuesTheRunningJobAndItsRepairStartsItAgain() throws Exception {
        Path run = dir.resolve("requeue");
        long id;
        try (LiveServer server = serve(run, null)) {
            ApiCalls api = new ApiCalls(server);
            ApiCalls.Answer a = api.post("/api/jobs", "{\"shape\": \"8x4x4\", \"runtime\": 100000}", null);
            assertEquals(201, a.status(), a.body().toString());
            id = a.body().get("id").asLong();
            assertEquals("running", status(api, id));
            awaitVirtual(server, 40);
            assertEquals("queued", status(api, id));
            awaitVirtual(server, 80);
            assertEquals("running", status(api, id));
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
        long id;
        try (LiveServer server = serve(run, "fail")) {
            ApiCalls api = new ApiCalls(server);
            id = api.post("/api/jobs", "{\"shape\": \"8x4x4\", \"runtime\": 100000}", null).body().get("id").asLong();
            awaitVirtual(server, 80);
            assertEquals("killed_by_fault", status(api, id));
        }
        List<SchedulerEvent> events = journal(run);
        assertTrue(events.contains(new JobKilled(id, 40, "mp-R000")), events.toString());
        assertTrue(events.stream().noneMatch(e -> e instanceof JobRequeued), events.toString());
    }
}
