package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: a real serve process is killed with SIGKILL while jobs are being submitted, then
 * started again on the same run directory. Every acknowledged job is there exactly once, no job
 * appears that was not submitted, the jobs that ran before the crash go on running (or have ended),
 * and the audit of the journal is clean.
 */
class ServeCrashTest {

    @TempDir
    Path dir;

    @Test
    void killedMidRunAndRestartedLosesAndDuplicatesNothing() throws Exception {
        Path run = dir.resolve("run");
        ServeProcess first = ServeProcess.start(run, "--machine", "bgl", "--scheduler", "easy", "--speed", "20");
        Set<Long> acked = new TreeSet<>();
        for (int i = 0; i < 20; i++) {
            long id = first.submit("{\"size\": " + (512 << (i % 4)) + ", \"runtime\": " + (40 + 400 * (i % 3)) + "}");
            assertTrue(id > 0, "submission " + i + " refused");
            acked.add(id);
        }
        Map<Long, String> before = statuses(first);
        List<Long> runningBefore = new ArrayList<>();
        before.forEach((id, s) -> {
            if (s.equals("running")) runningBefore.add(id);
        });
        assertFalse(runningBefore.isEmpty(), before.toString());

        AtomicBoolean go = new AtomicBoolean(true);
        AtomicInteger attempts = new AtomicInteger();
        List<Long> ackedDuring = new ArrayList<>();
        Thread submitter = new Thread(() -> {
            while (go.get()) {
                attempts.incrementAndGet();
                long id = first.submit("{\"size\": 1024, \"runtime\": 100000}");
                if (id > 0) synchronized (ackedDuring) { ackedDuring.add(id); }
            }
        });
        submitter.start();
        Thread.sleep(1500);
        first.kill();
        go.set(false);
        submitter.join();
        synchronized (ackedDuring) {
            acked.addAll(ackedDuring);
        }

        ServeProcess second = ServeProcess.start(run);
        try {
            JsonNode jobs = second.get("/api/jobs");
            Map<Long, Integer> count = new HashMap<>();
            for (JsonNode j : jobs) count.merge(j.get("id").asLong(), 1, Integer::sum);
            for (long id : acked) assertEquals(1, count.getOrDefault(id, 0), "job " + id + " after the restart");
            count.forEach((id, n) -> assertEquals(1, n, "job " + id + " listed " + n + " times"));
            assertTrue(count.size() <= 20 + attempts.get(), count.size() + " jobs from " + (20 + attempts.get()) + " submissions");
            Map<Long, String> after = statuses(second);
            for (long id : runningBefore)
                assertTrue(Set.of("running", "completed").contains(after.get(id)), "job " + id + " is " + after.get(id));
            long next = second.submit("{\"size\": 512, \"runtime\": 10}");
            assertTrue(next > count.keySet().stream().mapToLong(Long::longValue).max().orElse(0), "new id " + next);
            assertEquals(0, second.get("/api/metrics").get("invariant_violations").asInt());
        } finally {
            String output = second.stop();
            assertTrue(output.contains("lateness p50"), output);
        }
        CliRun audit = CliRun.of("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("clean"), audit.toString());
        CliRun replay = CliRun.of("replay", "--from-run", run.toString(), "--out", dir.resolve("replay").toString());
        assertEquals(0, replay.exit(), replay.toString());
        assertTrue(replay.out().matches("(?s).*invariant_violations +0\\n.*"), replay.toString());
    }

    private static Map<Long, String> statuses(ServeProcess server) throws Exception {
        Map<Long, String> m = new HashMap<>();
        for (JsonNode j : server.get("/api/jobs")) m.put(j.get("id").asLong(), j.get("status").asText());
        return m;
    }
}
