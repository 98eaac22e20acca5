package org.bgctl.live;

import akka.event.LoggingAdapter;
import akka.http.ParsingErrorHandler;
import akka.http.javadsl.model.HttpResponse;
import akka.http.scaladsl.model.ErrorInfo;
import akka.http.scaladsl.model.StatusCode;
import akka.http.scaladsl.settings.ServerSettings;

/**
 * Answers a request too malformed to reach the routes — a header longer than the limit (431), a bad request
 * line (400) — in the API's JSON error format instead of akka-http's plain text; named by
 * {@code akka.http.server.parsing.error-handler} in this module's reference.conf.
 */
public final class JsonParsingErrorHandler extends ParsingErrorHandler {

    @Override
    public HttpResponse handle(StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
        return LiveApi.error(status, "request", info.format(false));
    }
}
