package org.bgctl.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The load client against a tiny HTTP server that answers 201 to some bodies and 400 to others. */
class PostLoadTest {

    @Test
    void everyRequestArrivesWholeAndIsCountedAnsweredOrFailedByItsStatus() throws IOException {
        List<String> bodies = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/jobs", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            bodies.add(exchange.getRequestMethod() + " " + body);
            byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body.contains("good") ? 201 : 400, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/jobs");
            PostLoad.Result r = new PostLoad(url, 201, 4).run(30, 300, i -> i % 3 == 0 ? "bad " + i : "good " + i);
            assertEquals(20, r.answered().events());
            assertEquals(10, r.failed());
            assertEquals(30, bodies.size());
            for (int i = 0; i < 30; i++)
                assertTrue(bodies.contains("POST " + (i % 3 == 0 ? "bad " : "good ") + i), "body " + i);
        } finally {
            server.stop(0);
        }
    }
}
