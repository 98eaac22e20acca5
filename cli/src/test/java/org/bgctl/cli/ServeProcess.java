package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper: {@code bgctl serve} as a real process on this test's class path, listening on a free
 * loopback port; its output is collected, the port read from its "listening on" line.
 */
final class ServeProcess {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

    final Process process;
    final String url;
    final List<String> output = new ArrayList<>();
    private Thread drain;
    private final HttpClient http = HttpClient.newHttpClient();

    private ServeProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    static ServeProcess start(Path run, String... options) throws Exception {
        return start(List.of(), run, options);
    }

    /** A server whose JVM gets {@code jvmOptions} too, e.g. {@code -Dkey=value} settings. */
    static ServeProcess start(List<String> jvmOptions, Path run, String... options) throws Exception {
        return start(jvmOptions, Map.of(), run, options);
    }

    /** A server whose environment has {@code environment} too, e.g. {@code BGCTL_TOKEN}. */
    static ServeProcess start(List<String> jvmOptions, Map<String, String> environment, Path run, String... options)
            throws Exception {
        List<String> command = ChildJvm.command("512m", jvmOptions);
        command.addAll(List.of("serve", "--run", run.toString(), "--port", "0"));
        command.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    synchronized (seen) {
                        seen.add(line);
                    }
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) return m.group(1);
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String found = url.get(120, TimeUnit.SECONDS);
        if (found == null) throw new IllegalStateException("serve did not start: " + String.join("\n", seen));
        ServeProcess s = new ServeProcess(p, found);
        s.output.addAll(seen);
        s.drain = new Thread(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    synchronized (s.output) {
                        s.output.add(line);
                    }
                }
            } catch (IOException ignored) {
                // the process is gone
            }
        }, "serve-output");
        s.drain.setDaemon(true);
        s.drain.start();
        return s;
    }

    /** A {@code bgctl serve} that ended by itself: its exit code and its output, standard error included. */
    record Ended(int exit, List<String> lines) {
    }

    /**
     * Runs {@code bgctl serve --run run --port port options} as a real process that is expected to end by itself (a
     * start refused), within 90 s; a server still running then is killed and reported so.
     */
    static Ended ended(Path run, int port, String... options) throws Exception {
        List<String> command = ChildJvm.command("512m", List.of());
        command.addAll(List.of("serve", "--run", run.toString(), "--port", Integer.toString(port)));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            throw new IllegalStateException("serve did not end by itself: " + out.get(10, TimeUnit.SECONDS));
        }
        return new Ended(p.exitValue(), out.get(10, TimeUnit.SECONDS).lines().toList());
    }

    /** POSTs a job; answers its id, or -1 when the server did not acknowledge it. */
    long submit(String body) {
        return submit(body, null);
    }

    /** POSTs a job with {@code Authorization: Bearer token} (none when null); its id, or -1 when not acknowledged. */
    long submit(String body, String token) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/api/jobs"))
                    .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            if (token != null) request.header("Authorization", "Bearer " + token);
            HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 201 ? JSON.readTree(r.body()).get("id").asLong() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body());
    }

    /** SIGKILL, and wait until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: the server stops cleanly; answers its output. */
    String stop() throws InterruptedException {
        process.toHandle().destroy(); // SIGTERM; Process.destroy would also close the pipe of its output
        process.waitFor(60, TimeUnit.SECONDS);
        drain.join(10_000);
        synchronized (output) {
            return String.join("\n", output) + "\n(exit " + (process.isAlive() ? "none: still running" : process.exitValue()) + ")";
        }
    }
}
