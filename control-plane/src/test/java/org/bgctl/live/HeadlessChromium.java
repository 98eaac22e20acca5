package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Test helper: a headless Chromium with one page, driven through the DevTools protocol over the JDK's
 * WebSocket client — evaluate JavaScript in the page, take a screenshot.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DEVTOOLS = Pattern.compile("DevTools listening on (ws://[^/]+)/");

    private final Process process;
    private final WebSocket page;
    private final Map<Integer, CompletableFuture<JsonNode>> answers = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    /** The Chromium executable: {@code $BGCTL_CHROMIUM}, else chromium or chromium-browser on the PATH. */
    static Optional<Path> find() {
        String configured = System.getenv("BGCTL_CHROMIUM");
        if (configured != null && !configured.isBlank()) return Optional.of(Path.of(configured));
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : new String[] {"chromium", "chromium-browser"}) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The Chromium a browser test runs: the test is skipped when there is none, unless the system property
     * {@code bgctl.browser-test} is {@code required}, when it fails.
     */
    static Path forTest() {
        Optional<Path> chromium = find();
        if (!"required".equals(System.getProperty("bgctl.browser-test")))
            Assumptions.assumeTrue(chromium.isPresent(), "no Chromium on the PATH (set BGCTL_CHROMIUM)");
        if (chromium.isEmpty()) throw new IllegalStateException("the browser test is required but no Chromium was found");
        return chromium.get();
    }

    HeadlessChromium(Path executable, Path profile, String url) throws Exception {
        process = new ProcessBuilder(executable.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--window-size=1280,900", "--remote-debugging-port=0",
                "--user-data-dir=" + profile, "about:blank").redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String endpoint = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    Matcher m = DEVTOOLS.matcher(line);
                    if (m.find()) return m.group(1).replace("ws://", "http://");
                }
            } catch (IOException ignored) {
                // the browser is gone; reported below
            }
            return null;
        }).get(60, TimeUnit.SECONDS);
        if (endpoint == null) throw new IllegalStateException("Chromium did not start");
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // Chromium's log: read so that the pipe never fills
                }
            } catch (IOException closed) {
                // the browser is gone
            }
        }, "chromium-output");
        drain.setDaemon(true);
        drain.start();
        HttpClient http = HttpClient.newHttpClient();
        JsonNode target = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(endpoint + "/json/new?"
                        + URLEncoder.encode(url, StandardCharsets.UTF_8))).PUT(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        page = http.newWebSocketBuilder().buildAsync(URI.create(target.get("webSocketDebuggerUrl").asText()),
                new Listener()).get(30, TimeUnit.SECONDS);
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    JsonNode message = JSON.readTree(text.toString());
                    if (message.has("id")) {
                        CompletableFuture<JsonNode> answer = answers.remove(message.get("id").asInt());
                        if (answer != null) answer.complete(message);
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                } finally {
                    text.setLength(0);
                }
            }
            ws.request(1);
            return null;
        }
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        answers.put(id, answer);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        page.sendText(JSON.writeValueAsString(message), true).get(10, TimeUnit.SECONDS);
        JsonNode reply = answer.get(30, TimeUnit.SECONDS);
        if (reply.has("error")) throw new IllegalStateException(method + ": " + reply.get("error"));
        return reply.get("result");
    }

    /** The value of a JavaScript expression in the page. */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode result = call("Runtime.evaluate",
                JSON.createObjectNode().put("expression", expression).put("returnByValue", true));
        return result.get("result").get("value");
    }

    /** Waits until the expression is true in the page; false when it is not within {@code timeout}. */
    boolean waitFor(String expression, Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            JsonNode v = evaluate(expression);
            if (v != null && v.asBoolean()) return true;
            Thread.sleep(100);
        }
        return false;
    }

    /** A PNG of the whole page as it is now, beyond the window too. */
    void screenshot(Path file) throws Exception {
        JsonNode size = call("Page.getLayoutMetrics", JSON.createObjectNode()).get("cssContentSize");
        ObjectNode params = JSON.createObjectNode().put("format", "png").put("captureBeyondViewport", true);
        params.putObject("clip").put("x", 0).put("y", 0).put("width", size.get("width").asDouble())
                .put("height", size.get("height").asDouble()).put("scale", 1);
        JsonNode shot = call("Page.captureScreenshot", params);
        Files.write(file, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    @Override
    public void close() throws Exception {
        page.abort();
        process.toHandle().descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        process.waitFor(20, TimeUnit.SECONDS);
    }
}
