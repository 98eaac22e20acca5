package org.bgctl.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a server's token comes from, in this order: {@code --token T} (visible in the process list), the first
 * line of {@code --token-file FILE}, or the environment variable {@value #ENV}. Giving both options is an error.
 */
final class TokenSource {

    /** The environment variable a token may come from. */
    static final String ENV = "BGCTL_TOKEN";

    private TokenSource() {
    }

    /**
     * The token, if any.
     *
     * @throws IllegalArgumentException for both options, an unreadable or empty token file, or a blank token
     */
    static Optional<String> resolve(String token, Path tokenFile, Map<String, String> env) {
        if (token != null && tokenFile != null)
            throw new IllegalArgumentException("give --token or --token-file, not both");
        if (tokenFile != null) return Optional.of(fromFile(tokenFile));
        if (token != null) return Optional.of(token);
        String fromEnv = env.get(ENV);
        if (fromEnv == null || fromEnv.isEmpty()) return Optional.empty();
        if (fromEnv.isBlank()) throw new IllegalArgumentException(ENV + " is set but blank");
        return Optional.of(fromEnv.strip());
    }

    private static String fromFile(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--token-file " + file + ": cannot be read ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        String first = lines.isEmpty() ? "" : lines.get(0).strip();
        if (first.isEmpty()) throw new IllegalArgumentException("--token-file " + file + ": its first line is empty");
        return first;
    }
}
