package org.bgctl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.bgctl.live.Lateness;

/**
 * Load on a running {@code bgctl serve}: job submissions at a fixed rate for a fixed time, each
 * timed from send to acknowledgement (201, the job journaled); then the server's own lateness of
 * timed events from {@code /api/metrics}. Prints p50 / p99 / max of both.
 * Usage: {@code ApiBench URL RATE SECONDS [MAX_SIZE] [SEED]}.
 */
public final class ApiBench {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ApiBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ApiBench URL RATE SECONDS [MAX_SIZE] [SEED]");
            System.exit(2);
        }
        String url = args[0];
        double rate = Double.parseDouble(args[1]);
        int seconds = Integer.parseInt(args[2]);
        int maxSize = args.length > 3 ? Integer.parseInt(args[3]) : 32;
        Random random = new Random(args.length > 4 ? Long.parseLong(args[4]) : 1);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI jobs = URI.create(url + "/api/jobs");
        Lateness ack = new Lateness();
        AtomicLong failed = new AtomicLong();
        long total = (long) (rate * seconds);
        List<CompletableFuture<?>> sent = new ArrayList<>();
        long start = System.nanoTime();
        for (long i = 0; i < total; i++) {
            long at = start + (long) (i * 1e9 / rate);
            for (long wait; (wait = at - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
            int runtime = 1 + random.nextInt(3);
            String body = "{\"size\": " + (1 + random.nextInt(maxSize)) + ", \"runtime\": " + runtime
                    + ", \"estimate\": " + (runtime + random.nextInt(10)) + "}";
            long t0 = System.nanoTime();
            sent.add(http.sendAsync(HttpRequest.newBuilder(jobs).header("Content-Type", "application/json")
                            .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString()).handle((r, e) -> {
                        if (e != null || r.statusCode() != 201) failed.incrementAndGet();
                        else ack.record(System.nanoTime() - t0);
                        return null;
                    }));
        }
        double sendWall = (System.nanoTime() - start) / 1e9;
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
        JsonNode metrics = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url + "/api/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        Lateness.Stats a = ack.stats();
        JsonNode late = metrics.get("lateness");
        System.out.printf("submissions: %d sent in %.1f s (%.0f/s), %d acknowledged, %d failed%n", total, sendWall,
                total / sendWall, a.events(), failed.get());
        System.out.printf("submit-to-ack: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n", a.p50Ms(), a.p99Ms(), a.maxMs());
        System.out.printf("lateness of %d timed events: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                late.get("events").asLong(), late.get("p50_ms").asDouble(), late.get("p99_ms").asDouble(),
                late.get("max_ms").asDouble());
        System.out.printf("server: %d jobs submitted, %d queued, %d running, %d ended, %d invariant violations%n",
                metrics.get("jobs_submitted").asLong(), metrics.get("jobs_queued").asLong(),
                metrics.get("jobs_running").asLong(), metrics.get("jobs_ended").asLong(),
                metrics.get("invariant_violations").asLong());
    }
}
