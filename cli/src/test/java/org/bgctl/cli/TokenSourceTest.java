package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server's token from --token, --token-file or BGCTL_TOKEN: for serve (a real process) and for the clients. */
class TokenSourceTest {

    @TempDir
    Path dir;

    @Test
    void theOptionsComeBeforeTheEnvironment() throws Exception {
        Path file = Files.write(dir.resolve("token"), List.of("  from-file  ", "ignored"));
        Map<String, String> env = Map.of(TokenSource.ENV, "from-env");
        assertEquals(Optional.of("from-file"), TokenSource.resolve(null, file, env));
        assertEquals(Optional.of("given"), TokenSource.resolve("given", null, env));
        assertEquals(Optional.of("from-env"), TokenSource.resolve(null, null, env));
        assertEquals(Optional.empty(), TokenSource.resolve(null, null, Map.of()));
        assertEquals(Optional.empty(), TokenSource.resolve(null, null, Map.of(TokenSource.ENV, "")));
    }

    @Test
    void aBadSourceIsAnErrorNamingIt() throws Exception {
        Path empty = Files.write(dir.resolve("empty"), List.of(""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TokenSource.resolve("a", empty, Map.of()))
                .getMessage().contains("not both"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TokenSource.resolve(null, empty, Map.of()))
                .getMessage().contains("first line is empty"));
        String missing = assertThrows(IllegalArgumentException.class,
                () -> TokenSource.resolve(null, dir.resolve("none"), Map.of())).getMessage();
        assertTrue(missing.startsWith("--token-file " + dir.resolve("none") + ": cannot be read"), missing);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TokenSource.resolve(null, null, Map.of(TokenSource.ENV, "  "))).getMessage().contains("blank"));
    }

    @Test
    void everyClientTakesTheTokenFile() {
        String none = dir.resolve("none").toString();
        String server = "http://127.0.0.1:1";
        for (List<String> args : List.of(List.of("submit", "--size", "4", "--runtime", "60"), List.of("cancel", "1"),
                List.of("fault", "mp-R000", "down"), List.of("jobs"), List.of("reserve"), List.of("status"))) {
            List<String> line = new java.util.ArrayList<>(args);
            line.addAll(List.of("--server", server, "--token-file", none));
            CliRun run = CliRun.of(line.toArray(String[]::new));
            assertEquals(2, run.exit(), run.toString());
            assertTrue(run.err().startsWith("bgctl " + args.get(0) + ": --token-file " + none + ": cannot be read"),
                    run.toString());
        }
    }

    @Test
    void serveTakesItsTokenFromAFileOrTheEnvironment() throws Exception {
        Path file = Files.write(dir.resolve("serve-token"), List.of("file-secret"));
        String job = "{\"size\": 4, \"runtime\": 60}";
        ServeProcess byFile = ServeProcess.start(List.of(), Map.of(), dir.resolve("by-file"), "--machine", "flat:16",
                "--token-file", file.toString());
        try {
            assertEquals(-1, byFile.submit(job));
            assertEquals(-1, byFile.submit(job, "wrong"));
            assertEquals(1, byFile.submit(job, "file-secret"));
            assertTrue(ProcessHandle.current().children().noneMatch(p -> p.info().commandLine().orElse("")
                    .contains("file-secret")), "the token is not on the command line");
        } finally {
            byFile.stop();
        }
        ServeProcess byEnv = ServeProcess.start(List.of(), Map.of(TokenSource.ENV, "env-secret"), dir.resolve("by-env"),
                "--machine", "flat:16");
        try {
            assertEquals(-1, byEnv.submit(job));
            assertEquals(1, byEnv.submit(job, "env-secret"));
            CliRun client = CliRun.of("submit", "--server", byEnv.url, "--token-file",
                    Files.write(dir.resolve("client-token"), List.of("env-secret")).toString(), "--size", "4",
                    "--runtime", "60");
            assertEquals(0, client.exit(), client.toString());
        } finally {
            byEnv.stop();
        }
    }
}
