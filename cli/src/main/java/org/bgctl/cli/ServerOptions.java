package org.bgctl.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that name a running server. */
final class ServerOptions {

    @Option(names = "--server", paramLabel = "URL", defaultValue = "http://127.0.0.1:8080",
            description = "The server (default ${DEFAULT-VALUE}).")
    String server;

    @Option(names = "--token", paramLabel = "T", description = "The server's token, for calls that change something"
            + " (else from --token-file or the environment variable BGCTL_TOKEN).")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The server's token is the first line of FILE.")
    Path tokenFile;

    ApiClient client() {
        return new ApiClient(server, TokenSource.resolve(token, tokenFile, System.getenv()).orElse(null));
    }
}
