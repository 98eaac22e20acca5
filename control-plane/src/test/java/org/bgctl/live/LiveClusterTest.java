package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.cluster.FreePorts;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.workload.GeometryOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --cluster} with the driver as its only member: the agents are sharding entities, the scheduler a
 * Cluster Singleton; a job submitted through the API runs and
 * completes, and the journal in the run directory records it.
 */
class LiveClusterTest {

    @TempDir
    Path dir;

    @Test
    void aJobSubmittedToAOneMemberClusterRunsAndCompletes() throws Exception {
        int port = FreePorts.any();
        ClusterOptions cluster = new ClusterOptions("127.0.0.1", port, List.of("127.0.0.1:" + port), 1);
        Path run = dir.resolve("run");
        long id;
        try (LiveServer server = LiveServer.start(new ServeSpec("bgl", "easy", 600, Optional.empty(), 0, run,
                "127.0.0.1", 0, Optional.empty(), Optional.empty(), Optional.empty(), GeometryOptions.DEFAULT_SEED,
                null, RestartPolicy.CONTINUE, Optional.of(cluster)))) {
            ApiCalls api = new ApiCalls(server);
            ApiCalls.Answer submitted = api.post("/api/jobs",
                    "{\"shape\": \"1x2x2\", \"topology\": \"torus\", \"runtime\": 600, \"estimate\": 700}", null);
            assertEquals(201, submitted.status(), submitted.body().toString());
            id = submitted.body().get("id").asLong();
            JsonNode job = api.get("/api/jobs/" + id).body();
            for (int i = 0; i < 200 && !job.path("status").asText().equals("completed"); i++) {
                Thread.sleep(50);
                job = api.get("/api/jobs/" + id).body();
            }
            assertEquals("completed", job.path("status").asText(), job.toString());
            assertTrue(job.get("partition").asText().contains("torus"), job.toString());
        }
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, events::add);
        boolean journaled = false;
        for (SchedulerEvent e : events) journaled |= e instanceof JobFinished f && f.jobId() == id;
        assertTrue(journaled, "the journal of " + run + " records job " + id + " finishing");
    }
}
