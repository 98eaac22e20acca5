package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bgctl.journal.JournalKind;
import org.bgctl.live.ReplayWatch;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replay --speed K --port P}: while a trace replays on the scaled clock, serve's API answers about it, and
 * watching changes nothing in the outputs.
 */
class WatchedReplayTest {

    private static final WorkloadOptions FIRST_60 = WorkloadOptions.builder().firstJobs(60).build();
    /** The first 60 jobs of the NASA excerpt span about 42,000 virtual seconds: about 4 s of wall time. */
    private static final double SPEED = 10_000;

    @Test
    void theApiAnswersWhileTheReplayRuns(@TempDir Path dir) throws Exception {
        Path virtual = dir.resolve("virtual");
        Path watched = dir.resolve("watched");
        Replay.run(spec(virtual), ActorHost.LOCAL, OptionalDouble.empty(), Progress.none(), Duration.ofHours(1));
        ReplayWatch watch = new ReplayWatch("127.0.0.1", 0, "flat:128", "easy", SPEED);
        CompletableFuture<List<JsonNode>> seen = CompletableFuture.supplyAsync(() -> poll(watch));
        ReplayResult result = Replay.run(spec(watched), ActorHost.LOCAL, OptionalDouble.of(SPEED), Optional.of(watch),
                Progress.none(), Duration.ofHours(1));

        List<JsonNode> answers = seen.get(30, TimeUnit.SECONDS);
        assertTrue(answers.size() >= 2, "answered while running: " + answers);
        for (JsonNode m : answers) {
            assertEquals("flat:128", m.get("machine").asText());
            assertEquals(128, m.get("nodes").asInt());
        }
        long first = answers.get(0).get("time").asLong();
        long last = answers.get(answers.size() - 1).get("time").asLong();
        assertTrue(last > first, "the replay moved on between the answers: " + first + " then " + last);
        assertTrue(last <= result.jobs().lastTime(), last + " is within the run");
        Runs.assertSameOutputs(virtual, watched);
    }

    @Test
    void aJobSubmittedThroughTheApiIsNumberedAboveEveryTraceJob(@TempDir Path dir) throws Exception {
        // numbered 1 before: the trace's job 1 arrived again, and the scheduler stopped ("job 1 is already running")
        Path trace = Files.write(dir.resolve("three.swf"), List.of("; MaxNodes: 8",
                "1 0 -1 40 4 -1 -1 4 40 -1 1 1 1 1 1 -1 -1 -1",
                "7 20 -1 40 4 -1 -1 4 40 -1 1 1 1 1 1 -1 -1 -1",
                "3 40 -1 40 4 -1 -1 4 40 -1 1 1 1 1 1 -1 -1 -1"));
        Path out = dir.resolve("watched");
        HttpResponse<String> answer = watchedWithOneSubmission(trace, WorkloadOptions.builder().build(), out);
        assertEquals(201, answer.statusCode(), answer.body());
        assertEquals(8, new ObjectMapper().readTree(answer.body()).get("id").asLong(), answer.body());
        List<String> ids = Files.readAllLines(out.resolve("jobs.csv")).stream().skip(1)
                .map(line -> line.substring(0, line.indexOf(','))).toList();
        assertEquals(List.of("1", "3", "7", "8"), ids);
    }

    @Test
    void aJobSubmittedThroughTheApiIsNumberedAboveTheTraceLinesTheRunReadsAsOnAServer(@TempDir Path dir)
            throws Exception {
        // --first 2 reads job 1 and job 9, which is set aside (16 nodes on flat:8), not job 12
        Path trace = Files.write(dir.resolve("three.swf"), List.of("; MaxNodes: 8",
                "1 0 -1 40 4 -1 -1 4 40 -1 1 1 1 1 1 -1 -1 -1",
                "9 20 -1 40 16 -1 -1 16 40 -1 1 1 1 1 1 -1 -1 -1",
                "12 40 -1 40 4 -1 -1 4 40 -1 1 1 1 1 1 -1 -1 -1"));
        HttpResponse<String> answer = watchedWithOneSubmission(trace, WorkloadOptions.builder().firstJobs(2).build(),
                dir.resolve("watched"));
        assertEquals(201, answer.statusCode(), answer.body());
        assertEquals(10, new ObjectMapper().readTree(answer.body()).get("id").asLong(), answer.body());
    }

    /**
     * Replays {@code trace} on flat:8 with EASY at 20 virtual seconds a second into {@code out}, watched, a job of 2
     * nodes submitted through its API once it is bound; answers the submission's answer.
     */
    private static HttpResponse<String> watchedWithOneSubmission(Path trace, WorkloadOptions workload, Path out)
            throws Exception {
        ReplayWatch watch = new ReplayWatch("127.0.0.1", 0, "flat:8", "easy", 20);
        CompletableFuture<HttpResponse<String>> submitted = CompletableFuture.supplyAsync(() -> submit(watch));
        Replay.run(new ReplaySpec(TraceSource.file(trace), "flat:8", "easy", workload, false, out, JournalKind.MEMORY,
                ExecutorKind.ACTORS), ActorHost.LOCAL, OptionalDouble.of(20), Optional.of(watch), Progress.none(),
                Duration.ofHours(1));
        return submitted.get(30, TimeUnit.SECONDS);
    }

    /** Posts a job of 2 nodes and 10 s to the watched replay's API once it is bound. */
    private static HttpResponse<String> submit(ReplayWatch watch) {
        try {
            InetSocketAddress at = watch.bound().get(30, TimeUnit.SECONDS);
            HttpRequest post = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + at.getPort() + "/api/jobs"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"size\": 2, \"runtime\": 10}")).build();
            return HttpClient.newHttpClient().send(post, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void watchingNeedsTheScaledClock(@TempDir Path dir) {
        ReplayWatch watch = new ReplayWatch("127.0.0.1", 0, "flat:128", "easy", SPEED);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Replay.run(spec(dir),
                ActorHost.LOCAL, OptionalDouble.empty(), Optional.of(watch), Progress.none(), Duration.ofHours(1)));
        assertTrue(e.getMessage().contains("--speed"), e.getMessage());
    }

    @Test
    void theApiOfAWatchedReplayListensOnLoopbackOnly() {
        // it has no token to ask for: on 0.0.0.0 anyone who reached the port submitted jobs and failed components
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ReplayWatch("0.0.0.0", 0, "flat:128", "easy", SPEED));
        assertTrue(e.getMessage().startsWith("--host 0.0.0.0 is not a loopback address"), e.getMessage());
        new ReplayWatch("localhost", 0, "flat:128", "easy", SPEED);
    }

    /** GET /api/machine every 300 ms once the API is up, until it is gone (the run is over). */
    private static List<JsonNode> poll(ReplayWatch watch) {
        List<JsonNode> answers = new ArrayList<>();
        try {
            InetSocketAddress at = watch.bound().get(30, TimeUnit.SECONDS);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            URI uri = URI.create("http://127.0.0.1:" + at.getPort() + "/api/machine");
            while (true) {
                HttpResponse<String> r;
                try {
                    r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).GET().build(),
                            HttpResponse.BodyHandlers.ofString());
                } catch (java.io.IOException gone) {
                    return answers;
                }
                assertEquals(200, r.statusCode(), r.body());
                answers.add(new ObjectMapper().readTree(r.body()));
                Thread.sleep(300);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ReplaySpec spec(Path out) {
        return new ReplaySpec(Runs.NASA, "flat:128", "easy", FIRST_60, false, out, JournalKind.MEMORY,
                ExecutorKind.ACTORS);
    }
}
