package org.bgctl.live;

import akka.http.javadsl.model.HttpEntity;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.StatusCodes;
import akka.http.javadsl.server.AllDirectives;
import akka.http.javadsl.server.ExceptionHandler;
import akka.http.javadsl.server.RejectionHandler;
import akka.http.javadsl.server.Route;
import akka.http.scaladsl.model.EntityStreamSizeException;
import akka.http.scaladsl.model.IllegalRequestException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import scala.concurrent.duration.FiniteDuration;

/**
 * What every request to the live server passes before the API sees it (docs/api.md, "The HTTP front"):
 * <ul>
 *   <li>on a server bound to a loopback address, a {@code Host} that is not a loopback name ({@code localhost},
 *       {@code 127.x.x.x}, {@code [::1]}) is refused with 403 — a page served from elsewhere that resolves its
 *       own name to 127.0.0.1 (DNS rebinding) cannot reach the API — and so is an {@code Origin} other than the
 *       server's own ({@code http://} and the {@code Host}): a web page the operator visits cannot submit jobs or
 *       fail components, with or without a token;</li>
 *   <li>a body longer than {@link #MAX_BODY_BYTES} is refused with 413 (at once when its Content-Length says so),
 *       and one not received whole within
 *       {@link #BODY_TIMEOUT} with 408 (a client trickling its body holds a connection that long at most; the
 *       connections themselves are limited by {@code akka.http.server.max-connections}, reference.conf);</li>
 *   <li>a request not answered within {@code akka.http.server.request-timeout} is answered 503;</li>
 *   <li>every refusal — these, the router's own (404, 405) and any failure — is in the API's JSON error format,
 *       {@code {"error": ..., "field": ...}}.</li>
 * </ul>
 */
final class HttpFront extends AllDirectives {

    /** The longest request body: a job or a fault takes about a hundred bytes. */
    static final long MAX_BODY_BYTES = 64 * 1024;

    /** The longest a request's body may take to arrive: a job or a fault comes in one packet. */
    static final Duration BODY_TIMEOUT = Duration.ofSeconds(5);

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final boolean loopback;

    /** @param loopback whether the server listens on a loopback address only (then Host and Origin are checked) */
    HttpFront(boolean loopback) {
        this.loopback = loopback;
    }

    /** {@code inner} behind the checks, its refusals and failures answered in JSON. */
    Route guard(Supplier<Route> inner) {
        return handleExceptions(exceptions(), () -> handleRejections(rejections(), () ->
                withRequestTimeoutResponse(HttpFront::timedOut, () -> sameSite(() -> declaredSize(() ->
                        withSizeLimit(MAX_BODY_BYTES, () -> toStrictEntity(FiniteDuration.fromNanos(
                                BODY_TIMEOUT.toNanos()), inner)))))));
    }

    /**
     * Refuses a body whose Content-Length says it is over the limit before anything reads it: reading it whole would
     * otherwise first meet Akka's own limit on bodies read whole ({@code akka.http.parsing.max-to-strict-bytes}, 8 MiB),
     * which fails with a 400 of its own words instead of the 413 naming {@code body}.
     */
    private Route declaredSize(Supplier<Route> inner) {
        return extractRequestEntity(entity -> {
            OptionalLong length = entity.getContentLengthOption();
            return length.isPresent() && length.getAsLong() > MAX_BODY_BYTES ? complete(tooLarge()) : inner.get();
        });
    }

    private Route sameSite(Supplier<Route> inner) {
        if (!loopback) return inner.get();
        return optionalHeaderValueByName("Host", host -> optionalHeaderValueByName("Origin", origin -> {
            if (host.isEmpty() || !isLoopbackName(hostName(host.get())))
                return complete(LiveApi.error(StatusCodes.FORBIDDEN, "Host", "this server listens on loopback only and"
                        + " answers requests for a loopback name (localhost, 127.0.0.1, [::1]), not "
                        + host.map(h -> "'" + h + "'").orElse("a request without Host")));
            if (origin.isPresent() && !origin.get().equalsIgnoreCase("http://" + host.get()))
                return complete(LiveApi.error(StatusCodes.FORBIDDEN, "Origin", "a cross-site request (from "
                        + origin.get() + ") is refused; this server's own origin is http://" + host.get()));
            return inner.get();
        }));
    }

    /** The name of {@code host[:port]}: {@code [::1]} for {@code [::1]:8080}, {@code localhost} for {@code localhost:80}. */
    static String hostName(String host) {
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            return close < 0 ? host : host.substring(0, close + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }

    /** Whether {@code name} is {@code localhost} or a loopback address literal; no name is looked up. */
    static boolean isLoopbackName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("localhost")) return true;
        boolean literal = IPV4.matcher(n).matches() || n.startsWith("[") && n.endsWith("]");
        if (!literal) return false;
        try {
            return InetAddress.getByName(n.startsWith("[") ? n.substring(1, n.length() - 1) : n).isLoopbackAddress();
        } catch (UnknownHostException malformed) {
            return false;
        }
    }

    private ExceptionHandler exceptions() {
        return ExceptionHandler.newBuilder()
                .match(EntityStreamSizeException.class, e -> complete(tooLarge()))
                .match(IllegalRequestException.class, e -> complete(e.status().intValue() == 408
                        ? LiveApi.error(e.status(), "body", "the body did not arrive whole within "
                                + BODY_TIMEOUT.toSeconds() + " s")
                        : LiveApi.error(e.status(), "request", e.info().formatPretty())))
                .matchAny(e -> complete(LiveApi.error(StatusCodes.INTERNAL_SERVER_ERROR, "",
                        "the server failed on this request: " + e)))
                .build();
    }

    private static RejectionHandler rejections() {
        return RejectionHandler.defaultHandler().mapRejectionResponse(HttpFront::asJson);
    }

    /** The answer to a request the server did not answer within {@code akka.http.server.request-timeout}. */
    private static HttpResponse timedOut(HttpRequest request) {
        return LiveApi.error(StatusCodes.SERVICE_UNAVAILABLE, "", "the server did not answer " + request.method().name()
                + " " + request.getUri().path() + " in time; try again");
    }

    static HttpResponse tooLarge() {
        return LiveApi.error(StatusCodes.PAYLOAD_TOO_LARGE, "body",
                "the body is longer than " + MAX_BODY_BYTES + " bytes");
    }

    /** A refusal of the router in the JSON error format: its text as {@code error}, the field its status implies. */
    private static HttpResponse asJson(HttpResponse response) {
        if (response.entity().getContentType().mediaType().isApplication()
                && response.entity().getContentType().mediaType().subType().equals("json")) return response;
        if (response.status().intValue() == StatusCodes.PAYLOAD_TOO_LARGE.intValue()) return tooLarge();
        String text = response.entity() instanceof HttpEntity.Strict strict ? strict.getData().utf8String() : "";
        String field = switch (response.status().intValue()) {
            case 404 -> "path";
            case 405 -> "method";
            case 415 -> "Content-Type";
            default -> "request";
        };
        return LiveApi.error(response.status(), field, text.isBlank() ? response.status().reason() : text)
                .withHeaders(response.getHeaders());
    }
}
