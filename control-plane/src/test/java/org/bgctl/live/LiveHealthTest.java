package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorSelection;
import akka.actor.PoisonPill;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clock that cannot die and a health check that says so, on real servers on loopback at --speed 1: a job of
 * 2,200,000 s and a fault-file line at 3,000,000 s (both beyond Akka's longest timer, about 24.8 days) leave the
 * server taking writes, and a restart on the run directory works; {@code GET /api/health} turns 503, saying why,
 * once the clock, the journal's writer or an agent is stopped.
 */
class LiveHealthTest {

    @TempDir
    Path dir;

    private ServeSpec spec(Path run, Path faults) {
        ReplayParameters p = ReplayParameters.none().with("machine", "bgl").with("scheduler", "easy");
        if (faults != null) p = p.with("faults", faults);
        return new ServeSpec(p, OptionalDouble.of(1), run, "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE,
                Optional.empty(), false);
    }

    @Test
    void timedEventsBeyondTheLongestTimerLeaveTheServerTakingWritesAndARestartWorks() throws Exception {
        Path run = dir.resolve("run");
        Path faults = Files.writeString(dir.resolve("far.faults"), "3000000 mp-R000 down\n");
        try (LiveServer server = LiveServer.start(spec(run, faults))) {
            ApiCalls api = new ApiCalls(server);
            ApiCalls.Answer longJob = api.post("/api/jobs", "{\"runtime\": 2200000, \"shape\": \"1x1x1\"}", null);
            assertEquals(201, longJob.status(), longJob.body().toString());
            assertEquals(201, api.post("/api/jobs", "{\"runtime\": 10, \"size\": 512}", null).status());
            assertEquals(200, api.delete("/api/jobs/2", null).status());
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R111\", \"state\": \"down\"}", null)
                    .status());
            assertHealthy(api);
        }
        try (LiveServer again = LiveServer.start(spec(run, faults))) {
            assertTrue(again.resumed());
            ApiCalls api = new ApiCalls(again);
            assertEquals("running", api.get("/api/jobs/1").body().get("status").asText());
            assertEquals(201, api.post("/api/jobs", "{\"runtime\": 10, \"size\": 512}", null).status());
            assertHealthy(api);
        }
    }

    @Test
    void healthTurnsUnhealthyWhenTheClockIsStopped() throws Exception {
        assertUnhealthyOnceStopped("clock", "/user/clock", "the clock stopped");
    }

    @Test
    void healthTurnsUnhealthyWhenTheJournalsWriterIsStopped() throws Exception {
        assertUnhealthyOnceStopped("journal", "/user/scheduler", "the journal's one writer, stopped");
    }

    @Test
    void healthTurnsUnhealthyWhenAnAgentIsStopped() throws Exception {
        assertUnhealthyOnceStopped("agents", "/user/mp-R000", "agent mp-R000 stopped");
    }

    private void assertUnhealthyOnceStopped(String part, String path, String why) throws Exception {
        try (LiveServer server = LiveServer.start(spec(dir.resolve(part), null))) {
            ApiCalls api = new ApiCalls(server);
            assertHealthy(api);
            ActorSelection actor = server.system().classicSystem().actorSelection(path);
            actor.tell(PoisonPill.getInstance(), akka.actor.ActorRef.noSender());
            ApiCalls.Answer health = api.get("/api/health");
            for (int i = 0; i < 100 && health.status() == 200; i++) {
                Thread.sleep(50);
                health = api.get("/api/health");
            }
            assertEquals(503, health.status(), health.body().toString());
            assertFalse(health.body().get("healthy").asBoolean());
            assertFalse(health.body().get(part).get("ok").asBoolean(), health.body().toString());
            assertTrue(health.body().get(part).get("error").asText().contains(why), health.body().toString());
            assertTrue(health.body().get("why").asText().contains(why), health.body().toString());
        }
    }

    private static void assertHealthy(ApiCalls api) throws Exception {
        ApiCalls.Answer health = api.get("/api/health");
        assertEquals(200, health.status(), health.body().toString());
        assertTrue(health.body().get("healthy").asBoolean());
        for (String part : new String[] {"clock", "journal", "agents"})
            assertTrue(health.body().get(part).get("ok").asBoolean(), health.body().toString());
        assertEquals(MachineCatalog.create("bgl").units().size(), health.body().get("agents").get("watched").asInt(),
                health.body().toString());
    }
}
