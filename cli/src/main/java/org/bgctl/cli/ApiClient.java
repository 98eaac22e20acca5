package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A client of a running {@code bgctl serve}: JSON in and out, errors as the server names them. */
final class ApiClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The server refused the call: its status and its JSON error. */
    static final class Refused extends IllegalArgumentException {
        Refused(int status, String message) {
            super("server answered " + status + ": " + message);
        }
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI server;
    private final String token;

    /** @throws IllegalArgumentException naming {@code --server} when {@code server} is not an http(s) URL of a host */
    ApiClient(String server, String token) {
        this.server = address(server);
        this.token = token;
    }

    private static URI address(String server) {
        URI uri;
        try {
            uri = new URI(server.endsWith("/") ? server : server + "/");
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null || uri.getRawUserInfo() != null
                || !("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme())))
            throw new IllegalArgumentException("--server: expected http://HOST:PORT, e.g. http://127.0.0.1:8080; got '"
                    + server + "'");
        return uri;
    }

    JsonNode get(String path) throws IOException {
        return send(request(path).GET());
    }

    JsonNode post(String path, Object body) throws IOException {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    JsonNode delete(String path) throws IOException {
        return send(request(path).DELETE());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(60));
        if (token != null) b.header("Authorization", "Bearer " + token);
        return b;
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException {
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ConnectException e) {
            throw new IOException("no bgctl server at " + server + ": connection refused", e);
        } catch (HttpConnectTimeoutException e) {
            throw new IOException("no bgctl server at " + server + ": no answer to a connection within 10 s", e);
        } catch (IOException e) {
            throw new IOException("cannot reach " + server + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
        }
        JsonNode body = response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        if (response.statusCode() >= 300) {
            JsonNode error = body.get("error");
            throw new Refused(response.statusCode(), error == null ? response.body() : error.asText());
        }
        return body;
    }
}
