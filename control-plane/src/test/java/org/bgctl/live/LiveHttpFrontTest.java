package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP front of a real server on loopback, one rule a test, each request written byte for byte on a socket
 * (so Host, Origin and Content-Type are exactly what a browser or curl would send): every refusal is in the JSON
 * error format, nothing refused is journaled, and the server goes on taking writes after it.
 */
class LiveHttpFrontTest {

    @TempDir
    static Path dir;

    static LiveServer server;
    static int port;

    @BeforeAll
    static void start() throws Exception {
        server = LiveServer.start(new ServeSpec("flat:64", "easy", 10, Optional.empty(), 0, dir.resolve("run"),
                "127.0.0.1", 0, Optional.empty()));
        port = server.address().getPort();
    }

    /** After every refusal the run directory is still good: a restart on it answers with the jobs taken before. */
    @AfterAll
    static void stopAndRestart() throws Exception {
        int taken = jobs();
        server.close();
        server = LiveServer.start(new ServeSpec("flat:64", "easy", 10, Optional.empty(), 0, dir.resolve("run"),
                "127.0.0.1", 0, Optional.empty()));
        try {
            port = server.address().getPort();
            assertEquals(taken, jobs(), "the jobs taken before the restart");
        } finally {
            server.close();
        }
    }

    /** A status and a JSON body. */
    private record Answer(int status, JsonNode body, String raw) {
        String field() {
            return body.path("field").asText();
        }
    }

    private static Answer send(String method, String path, String headers, byte[] body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            String head = method + " " + path + " HTTP/1.1\r\n" + headers
                    + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            String raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(raw.substring(9, 12));
            String text = raw.substring(raw.indexOf("\r\n\r\n") + 4);
            return new Answer(status, text.isEmpty() ? ApiCalls.JSON.nullNode() : ApiCalls.JSON.readTree(text), raw);
        }
    }

    private static Answer post(String headers, String body) throws IOException {
        return send("POST", "/api/jobs", headers, body.getBytes(StandardCharsets.UTF_8));
    }

    private static String own() {
        return "Host: 127.0.0.1:" + port + "\r\n";
    }

    private static final String JSON = "Content-Type: application/json\r\n";
    private static final String JOB = "{\"size\": 4, \"runtime\": 600}";

    private static int jobs() throws IOException {
        return send("GET", "/api/jobs", own(), new byte[0]).body().size();
    }

    /** After a refusal the server still takes a write and answers it; the job count went up by one only then. */
    private static void stillTakesWrites(int jobsBefore) throws IOException {
        assertEquals(jobsBefore, jobs(), "a refused request changed nothing");
        Answer ok = post(own() + JSON, JOB);
        assertEquals(201, ok.status(), ok.raw());
        assertEquals(jobsBefore + 1, jobs());
    }

    @Test
    void aDeeplyNestedBodyIs400AndTheServerLives() throws IOException {
        int before = jobs();
        String deep = "[".repeat(20_000) + "]".repeat(20_000) + "\n";
        // as curl --data-binary sends it: form-encoded, no Origin
        Answer curl = post(own() + "Content-Type: application/x-www-form-urlencoded\r\n", deep);
        assertEquals(400, curl.status(), curl.raw());
        assertEquals("body", curl.field());
        assertTrue(curl.body().get("error").asText().contains("nested deeper than 32"), curl.raw());
        assertEquals(400, post(own() + JSON, "{\"size\": " + "{\"a\": ".repeat(5000) + "1" + "}".repeat(5001)).status());
        Answer inString = post(own() + JSON, "{\"size\": 4, \"runtime\": 600, \"x\": \"" + "[".repeat(100) + "\"}");
        assertEquals("x", inString.field(), "brackets inside a string do not nest: " + inString.raw());
        stillTakesWrites(before);
    }

    @Test
    void aBodyOverTheSizeLimitIs413InTheJsonErrorFormat() throws IOException {
        int before = jobs();
        String big = "{\"size\": 4, \"runtime\": 600, \"pad\": \"" + "x".repeat((int) HttpFront.MAX_BODY_BYTES) + "\"}";
        Answer a = post(own() + JSON, big);
        assertEquals(413, a.status(), a.raw());
        assertEquals("body", a.field());
        assertTrue(a.raw().contains("Content-Type: application/json"), a.raw());
        stillTakesWrites(before);
    }

    /**
     * A body that says it is longer than Akka's own limit on bodies read whole (8 MiB) is the 413 naming body of any
     * other body over the limit: before, it was answered 400 naming request, "Request too large: Request of size
     * 9000000 was longer than the maximum of 8388608".
     */
    @Test
    void aBodyDeclaredLongerThanEightMebibytesIs413NamingTheBody() throws IOException {
        int before = jobs();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("POST /api/jobs HTTP/1.1\r\n" + own() + JSON
                    + "Content-Length: 9000000\r\nConnection: close\r\n\r\n" + JOB).getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(raw.startsWith("HTTP/1.1 413 "), raw);
            JsonNode body = ApiCalls.JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4));
            assertEquals("body", body.path("field").asText(), raw);
            assertEquals("the body is longer than " + HttpFront.MAX_BODY_BYTES + " bytes", body.path("error").asText());
        }
        stillTakesWrites(before);
    }

    @Test
    void aBodyTrickledSlowerThanTheBodyTimeoutIs408InTheJsonErrorFormat() throws IOException {
        int before = jobs();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/jobs HTTP/1.1\r\n" + own() + JSON + "Content-Length: 100\r\n\r\n{\"size\": 4")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            long started = System.nanoTime();
            String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            double waited = (System.nanoTime() - started) / 1e9;
            assertTrue(raw.startsWith("HTTP/1.1 408"), raw);
            assertTrue(raw.contains("\"field\":\"body\""), raw);
            assertTrue(waited >= HttpFront.BODY_TIMEOUT.toSeconds() - 1 && waited < 15, "answered after " + waited + " s");
        }
        stillTakesWrites(before);
    }

    @Test
    void aWriteThatIsNotJsonIs415() throws IOException {
        int before = jobs();
        for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}) {
            Answer a = post(own() + "Content-Type: " + type + "\r\n", JOB);
            assertEquals(415, a.status(), type + " -> " + a.raw());
            assertEquals("Content-Type", a.field());
        }
        Answer none = post(own(), JOB);
        assertEquals(415, none.status(), none.raw());
        Answer fault = send("POST", "/api/faults", own() + "Content-Type: text/plain\r\n",
                "{\"component\": \"node-1\", \"state\": \"down\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(415, fault.status(), fault.raw());
        assertEquals(201, post(own() + "Content-Type: application/json; charset=utf-8\r\n", JOB).status());
        stillTakesWrites(before + 1);
    }

    @Test
    void aCrossSiteRequestIs403() throws IOException {
        int before = jobs();
        Answer foreign = post(own() + JSON + "Origin: https://evil.example\r\n", JOB);
        assertEquals(403, foreign.status(), foreign.raw());
        assertEquals("Origin", foreign.field());
        assertEquals(403, post(own() + JSON + "Origin: null\r\n", JOB).status());
        assertEquals(403, post(own() + JSON + "Origin: http://127.0.0.1:" + (port + 1) + "\r\n", JOB).status());
        Answer delete = send("DELETE", "/api/jobs/1", own() + "Origin: http://attacker.test\r\n", new byte[0]);
        assertEquals(403, delete.status(), delete.raw());
        Answer rebound = post("Host: attacker.test:" + port + "\r\n" + JSON, JOB);
        assertEquals(403, rebound.status(), rebound.raw());
        assertEquals("Host", rebound.field());
        assertEquals(403, send("GET", "/api/jobs", "Host: 10.0.0.1\r\n", new byte[0]).status());
        // the server's own origin, under each loopback name
        assertEquals(201, post(own() + JSON + "Origin: http://127.0.0.1:" + port + "\r\n", JOB).status());
        assertEquals(201, post("Host: localhost:" + port + "\r\n" + JSON + "Origin: http://localhost:" + port + "\r\n",
                JOB).status());
        stillTakesWrites(before + 2);
    }

    @Test
    void theRoutersOwnRefusalsAreJsonToo() throws IOException {
        Answer missing = send("GET", "/api/nothing", own(), new byte[0]);
        assertEquals(404, missing.status(), missing.raw());
        assertEquals("path", missing.field());
        assertFalse(missing.body().get("error").asText().isEmpty());
        Answer method = send("PUT", "/api/jobs", own() + JSON, JOB.getBytes(StandardCharsets.UTF_8));
        assertEquals(405, method.status(), method.raw());
        assertEquals("method", method.field());
    }

    @Test
    void aRequestTooMalformedForTheRoutesIsAnsweredInJsonToo() throws IOException {
        Answer longHeader = send("GET", "/api/jobs", own() + "X-Long: " + "a".repeat(20_000) + "\r\n", new byte[0]);
        assertEquals(431, longHeader.status(), longHeader.raw());
        assertEquals("request", longHeader.field());
        assertTrue(longHeader.body().get("error").asText().contains("exceeds the configured limit"), longHeader.raw());
    }

    @Test
    void loopbackNamesAreKnownWithoutLookingAnythingUp() {
        assertTrue(HttpFront.isLoopbackName("localhost"));
        assertTrue(HttpFront.isLoopbackName("127.0.0.1"));
        assertTrue(HttpFront.isLoopbackName("127.1.2.3"));
        assertTrue(HttpFront.isLoopbackName("[::1]"));
        assertFalse(HttpFront.isLoopbackName("localhost.attacker.test"));
        assertFalse(HttpFront.isLoopbackName("10.0.0.1"));
        assertFalse(HttpFront.isLoopbackName("[::2]"));
        assertEquals("[::1]", HttpFront.hostName("[::1]:8080"));
        assertEquals("localhost", HttpFront.hostName("localhost:80"));
    }

    @Test
    void depthIsCountedOutsideStringsOnly() {
        assertFalse(JsonDepth.exceeds("{\"a\": [1, {\"b\": 2}]}", 3));
        assertTrue(JsonDepth.exceeds("{\"a\": [1, {\"b\": []}]}", 3));
        assertFalse(JsonDepth.exceeds("{\"a\": \"[[[[\\\"[[[[\"}", 1));
    }
}
