package org.bgctl.cli;

import picocli.CommandLine.Option;

/** The options that name a running server. */
final class ServerOptions {

    @Option(names = "--server", paramLabel = "URL", defaultValue = "http://127.0.0.1:8080",
            description = "The server (default ${DEFAULT-VALUE}).")
    String server;

    @Option(names = "--token", paramLabel = "T", description = "The server's token, for calls that change something.")
    String token;

    ApiClient client() {
        return new ApiClient(server, token);
    }
}
