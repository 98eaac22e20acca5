package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Test helper: plain HTTP calls to a live server, answering status and JSON body. */
final class ApiCalls {

    static final ObjectMapper JSON = new ObjectMapper();

    /** A response: its status and its body as JSON. */
    record Answer(int status, JsonNode body) {
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    ApiCalls(LiveServer server) {
        this.base = "http://127.0.0.1:" + server.address().getPort();
    }

    String base() {
        return base;
    }

    Answer get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), null);
    }

    Answer post(String path, String body, String token) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)), token);
    }

    Answer delete(String path, String token) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE(), token);
    }

    private Answer send(HttpRequest.Builder b, String token) throws IOException, InterruptedException {
        if (token != null) b.header("Authorization", "Bearer " + token);
        HttpResponse<String> r = http.send(b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), JSON.readTree(r.body()));
    }
}
