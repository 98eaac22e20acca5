package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs end: the SDSC-SP2 excerpt on flat:16 (sizes divided by 8) under a harsh random fault model — each node
 * fails every 2 hours on average and is back after 10 minutes, so a job of hours is killed again and again — with
 * requeue ends by --max-requeues and by --until, summary.json says why, and the actors and the direct executor
 * agree job for job. (The same model on bgl, whose 128 midplanes are almost never all up: docs/faults.md.)
 */
class RunEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ReplayParameters harsh() throws Exception {
        Path trace = Path.of(RunEndTest.class.getResource("/traces/sdsc-sp2-excerpt.swf").toURI());
        return ReplayParameters.none().with("trace", trace).with("machine", "flat:16").with("size_divide", 8)
                .with("first_jobs", 60).with("fault_node", "exponential(7200)/exponential(600)")
                .with("on_kill", "requeue").with("seed", 3);
    }

    /** Runs {@code parameters} with both executors, checks they agree, and returns the summary. */
    private JsonNode bothExecutors(String name, ReplayParameters parameters) throws Exception {
        Path actors = dir.resolve(name + "-actors");
        Path direct = dir.resolve(name + "-direct");
        Replay.run(parameters.with("executor", "actors").with("journal", "h2").toSpec(actors), Progress.none(),
                Duration.ofHours(1));
        Replay.run(parameters.with("executor", "direct").with("journal", "memory").toSpec(direct), Progress.none(),
                Duration.ofHours(1));
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(actors.resolve("jobs.csv")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(actors));
        return JSON.readTree(actors.resolve("summary.json").toFile());
    }

    @Test
    void aHarshFaultReplayWithRequeueEndsByMaxRequeuesAndSaysWhy() throws Exception {
        JsonNode s = bothExecutors("requeues", harsh().with("max_requeues", 2));
        JsonNode end = s.get("end");
        assertEquals("trace_exhausted", end.get("reason").asText(), end.toString());
        assertTrue(end.get("until_s").isNull());
        assertEquals(0, end.get("jobs_left_queued").asLong());
        assertEquals(0, end.get("jobs_left_running").asLong());
        JsonNode faults = s.get("faults");
        assertEquals(2, faults.get("max_requeues").asInt());
        long failed = faults.get("jobs_failed").asLong();
        assertTrue(failed > 0, "jobs killed after 2 requeues fail: " + faults);
        // each failed job was requeued twice before its last kill; the others at most twice
        assertTrue(faults.get("requeues").asLong() >= 2 * failed, faults.toString());
        assertTrue(faults.get("kills").asLong() <= 3 * faults.get("jobs_ever_killed").asLong(), faults.toString());
        assertEquals(s.get("jobs_submitted").asLong(), s.get("jobs").asLong(), "every job submitted ended: " + s);
    }

    @Test
    void aHarshFaultReplayEndsAtUntilAndSaysWhy() throws Exception {
        long until = 566129 + 6 * 3600;
        JsonNode s = bothExecutors("until", harsh().with("max_requeues", 1000).with("until", until));
        JsonNode end = s.get("end");
        assertEquals("until", end.get("reason").asText(), end.toString());
        assertEquals(until, end.get("until_s").asLong());
        assertTrue(end.get("last_instant_s").asLong() <= until, end.toString());
        assertTrue(end.get("jobs_left_queued").asLong() + end.get("jobs_left_running").asLong() > 0, end.toString());
        assertTrue(s.get("jobs_submitted").asLong() < 60, "jobs submitted after --until never arrive: " + s);
    }

    @Test
    void aRunEndingAtUntilWithJobsRunningOnNodesWithPositionsPassesItsAgentAudit() throws Exception {
        // On a buddy machine the agents know which nodes each job holds; their audit at --until, with jobs still
        // running, found every such job a disagreement (the agent's claim without its blocks) and the replay failed.
        Path trace = Path.of(RunEndTest.class.getResource("/traces/sdsc-sp2-excerpt.swf").toURI());
        JsonNode s = bothExecutors("buddy-until", ReplayParameters.none().with("trace", trace).with("machine", "buddy:128")
                .with("scheduler", "selective-buddy").with("first_jobs", 60).with("until", 566129 + 6 * 3600));
        assertEquals("until", s.get("end").get("reason").asText());
        assertTrue(s.get("end").get("jobs_left_running").asLong() > 0, s.get("end").toString());
        assertEquals(0, s.get("run").get("agent_audit").get("mismatches").asInt(), s.get("run").toString());
    }

    @Test
    void anInstantAtWhichNothingHappensIsTheLastInstantOfBothExecutors() throws Exception {
        // Job 1 holds all 8 nodes until 1000; job 2 (8 nodes) then waits for the window [1200, 1600) of 4 nodes to
        // end. The scheduler is woken at the window's start, 1200, and starts nothing: the last instant released
        // before --until 1300. The direct executor reported its last event's time (1000) instead, so its
        // summary.json differed from the actors'.
        Path trace = dir.resolve("wait.swf");
        Files.writeString(trace, "; MaxNodes: 8\n"
                + "1 0 -1 1000 8 -1 -1 8 1000 -1 1 1 1 -1 1 -1 -1 -1\n"
                + "2 0 -1 100 8 -1 -1 8 300 -1 1 1 1 -1 1 -1 -1 -1\n");
        Path windows = dir.resolve("window.res");
        Files.writeString(windows, "1200 1600 4 w\n");
        JsonNode s = bothExecutors("quiet-instant", ReplayParameters.none().with("trace", trace)
                .with("machine", "flat:8").with("reservations", windows).with("until", 1300));
        JsonNode end = s.get("end");
        assertEquals(1200, end.get("last_instant_s").asLong(), end.toString());
        assertEquals(1, end.get("jobs_left_queued").asLong(), end.toString());
    }

    @Test
    void untilAndMaxRequeuesAreCheckedWhereTheyEnter() throws Exception {
        for (String[] bad : new String[][] {{"until", "-1"}, {"max_requeues", "-2"}, {"until", "soon"}}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> harsh().with(bad[0], bad[1]).toSpec(dir.resolve("bad")));
            String option = "--" + bad[0].replace('_', '-');
            assertTrue(e.getMessage().startsWith(option + " '" + bad[1] + "'"), e.getMessage());
        }
    }
}
