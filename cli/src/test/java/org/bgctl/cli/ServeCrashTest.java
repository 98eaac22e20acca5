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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.journal.JournalReader;
import org.bgctl.live.RestartPolicy;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: a real serve process is killed with SIGKILL while jobs are being submitted, then
 * started again on the same run directory. Every acknowledged job is there exactly once, no job
 * appears that was not submitted, the jobs that ran before the crash go on running (or have ended),
 * and the audit of the journal is clean. Started again with {@code --on-restart requeue}, exactly the jobs
 * that were running are killed (component {@code restart}) and requeued, once, and nothing is lost either.
 * The scheduler snapshots its state every few journal entries, so the restart recovers from a snapshot and
 * the entries after it.
 */
class ServeCrashTest {

    /** Snapshots often enough that the crashed run leaves some. */
    private static final List<String> SNAPSHOT_OFTEN = List.of("-Dbgctl.scheduler.snapshot-every=10");

    @TempDir
    Path dir;

    /** What a crash left: the jobs acknowledged, those running a moment before, and the submissions tried. */
    private record Crash(Set<Long> acked, List<Long> runningBefore, int submissions) {
    }

    /** Starts a server on {@code run}, submits jobs, and kills it with SIGKILL while more are being submitted. */
    private static Crash crash(Path run) throws Exception {
        ServeProcess first = ServeProcess.start(SNAPSHOT_OFTEN, run, "--machine", "bgl", "--scheduler", "easy",
                "--speed", "20");
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
        assertTrue(snapshots(run) > 0, "the crashed run left no snapshot");
        return new Crash(acked, runningBefore, 20 + attempts.get());
    }

    /**
     * The scheduler snapshots in the run's H2 journal, as {@code bgctl inspect --verify} reads them: the crashed run is
     * read as a user would before starting it again, which must lose nothing (RecoveredJournalTest).
     */
    private static int snapshots(Path run) {
        CliRun verify = CliRun.of("inspect", "--run", run.toString(), "--verify");
        assertEquals(0, verify.exit(), verify.toString());
        Matcher m = Pattern.compile("and (\\d+) snapshots").matcher(verify.out());
        assertTrue(m.find(), verify.toString());
        return Integer.parseInt(m.group(1));
    }

    /** Every acknowledged job is listed once, and no other job than those submitted. */
    private static Map<Long, Integer> assertNothingLostOrDuplicated(ServeProcess server, Crash crash) throws Exception {
        Map<Long, Integer> count = new HashMap<>();
        for (JsonNode j : server.get("/api/jobs")) count.merge(j.get("id").asLong(), 1, Integer::sum);
        for (long id : crash.acked()) assertEquals(1, count.getOrDefault(id, 0), "job " + id + " after the restart");
        count.forEach((id, n) -> assertEquals(1, n, "job " + id + " listed " + n + " times"));
        assertTrue(count.size() <= crash.submissions(), count.size() + " jobs from " + crash.submissions() + " submissions");
        assertEquals(0, server.get("/api/metrics").get("invariant_violations").asInt());
        return count;
    }

    /** {@code replay --from-run} re-drives the run's inputs, and its audit is clean. */
    private static void assertReplayClean(Path run, Path out) {
        CliRun replay = CliRun.of("replay", "--from-run", run.toString(), "--out", out.toString());
        assertEquals(0, replay.exit(), replay.toString());
        assertTrue(replay.out().matches("(?s).*invariant_violations +0\\n.*"), replay.toString());
    }

    private static void assertAuditClean(Path run) {
        CliRun audit = CliRun.of("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("clean"), audit.toString());
    }

    @Test
    void killedMidRunAndRestartedLosesAndDuplicatesNothing() throws Exception {
        Path run = dir.resolve("run");
        Crash crash = crash(run);
        ServeProcess second = ServeProcess.start(SNAPSHOT_OFTEN, run);
        try {
            Map<Long, Integer> count = assertNothingLostOrDuplicated(second, crash);
            Map<Long, String> after = statuses(second);
            for (long id : crash.runningBefore())
                assertTrue(Set.of("running", "completed").contains(after.get(id)), "job " + id + " is " + after.get(id));
            long next = second.submit("{\"size\": 512, \"runtime\": 10}");
            assertTrue(next > count.keySet().stream().mapToLong(Long::longValue).max().orElse(0), "new id " + next);
        } finally {
            String output = second.stop();
            assertTrue(output.contains("lateness p50"), output);
        }
        assertAuditClean(run);
        assertReplayClean(run, dir.resolve("replay"));
    }

    @Test
    void restartedWithOnRestartRequeueKillsAndRequeuesExactlyTheJobsThatWereRunning() throws Exception {
        Path run = dir.resolve("requeue");
        Crash crash = crash(run);
        ServeProcess second = ServeProcess.start(SNAPSHOT_OFTEN, run, "--on-restart", "requeue");
        try {
            assertNothingLostOrDuplicated(second, crash);
            Map<Long, String> after = statuses(second);
            for (long id : crash.runningBefore())
                assertTrue(Set.of("running", "queued", "completed").contains(after.get(id)), "job " + id + " is " + after.get(id));
        } finally {
            second.stop();
        }
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, events::add);
        int first = -1;
        for (int i = 0; i < events.size() && first < 0; i++)
            if (events.get(i) instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)) first = i;
        assertTrue(first >= 0, "no job killed at the restart");
        Set<Long> runningAtCrash = new TreeSet<>();
        for (SchedulerEvent e : events.subList(0, first)) {
            if (e instanceof JobStarted s) runningAtCrash.add(s.jobId());
            else if (e instanceof JobFinished || e instanceof JobKilled || e instanceof JobCancelled)
                runningAtCrash.remove(((JobEvent) e).jobId());
        }
        assertFalse(runningAtCrash.isEmpty(), "no job was running at the crash");
        List<SchedulerEvent> restart = events.subList(first, first + 2 * runningAtCrash.size());
        List<Long> killed = new ArrayList<>();
        for (int i = 0; i < restart.size(); i += 2) {
            JobKilled k = (JobKilled) restart.get(i);
            assertEquals(RestartPolicy.COMPONENT, k.component());
            assertEquals(k.jobId(), ((JobRequeued) restart.get(i + 1)).jobId(), restart.toString());
            killed.add(k.jobId());
        }
        assertEquals(List.copyOf(runningAtCrash), killed);
        assertTrue(events.subList(first + restart.size(), events.size()).stream()
                .noneMatch(e -> e instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)));
        assertAuditClean(run);
        assertReplayClean(run, dir.resolve("replay-requeue"));
    }

    private static Map<Long, String> statuses(ServeProcess server) throws Exception {
        Map<Long, String> m = new HashMap<>();
        for (JsonNode j : server.get("/api/jobs")) m.put(j.get("id").asLong(), j.get("status").asText());
        return m;
    }
}
