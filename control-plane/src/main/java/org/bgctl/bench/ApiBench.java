package org.bgctl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Random;
import java.util.function.IntFunction;
import org.bgctl.clock.Lateness;

/**
 * Load on a running {@code bgctl serve}: job submissions at a fixed rate for a fixed time, each
 * timed from the instant it was due to be sent to its acknowledgement (201, the job journaled), over
 * at most {@value #CONNECTIONS} keep-alive connections ({@link PostLoad}); then the server's own
 * lateness of timed events from {@code /api/metrics}. Prints p50 / p99 / max of both. A warm-up of
 * {@value #WARMUP_SECONDS} s at the same rate comes first (the server's code is compiled while it runs,
 * and it reaches its steady number of running jobs); its figures are printed on their own line.
 * Usage: {@code ApiBench URL RATE SECONDS [MAX_SIZE] [SEED]}.
 */
public final class ApiBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CONNECTIONS = 256;
    private static final int WARMUP_SECONDS = 10;

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
        IntFunction<String> job = i -> {
            int runtime = 1 + random.nextInt(3);
            return "{\"size\": " + (1 + random.nextInt(maxSize)) + ", \"runtime\": " + runtime
                    + ", \"estimate\": " + (runtime + random.nextInt(10)) + "}";
        };
        PostLoad load = new PostLoad(URI.create(url + "/api/jobs"), 201, CONNECTIONS);
        long warmup = (long) (rate * WARMUP_SECONDS);
        PostLoad.Result warm = load.run(warmup, rate, job);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        long warmEvents = metrics(http, url, 0).get("lateness").get("events").asLong();
        long total = (long) (rate * seconds);
        PostLoad.Result r = load.run(total, rate, job);
        JsonNode metrics = metrics(http, url, warmEvents);
        print("warm-up", warmup, warm);
        print("submissions", total, r);
        JsonNode late = metrics.get("lateness");
        System.out.printf("lateness of %d timed events (after the warm-up's %d): p50 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                late.get("events").asLong(), warmEvents, late.get("p50_ms").asDouble(), late.get("p99_ms").asDouble(),
                late.get("max_ms").asDouble());
        System.out.printf("server: %d jobs submitted, %d queued, %d running, %d ended, %d invariant violations%n",
                metrics.get("jobs_submitted").asLong(), metrics.get("jobs_queued").asLong(),
                metrics.get("jobs_running").asLong(), metrics.get("jobs_ended").asLong(),
                metrics.get("invariant_violations").asLong());
    }

    private static JsonNode metrics(HttpClient http, String url, long latenessAfter) throws Exception {
        return JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url + "/api/metrics?lateness_after="
                + latenessAfter)).build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    private static void print(String what, long total, PostLoad.Result r) {
        Lateness.Stats a = r.answered();
        System.out.printf("%s: %d sent in %.1f s (%.0f/s), %d acknowledged, %d failed%n", what, total,
                r.sendSeconds(), total / r.sendSeconds(), a.events(), r.failed());
        System.out.printf("%s submit-to-ack: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n", what, a.p50Ms(), a.p99Ms(),
                a.maxMs());
    }
}
