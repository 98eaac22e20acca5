package org.bgctl.cli;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Drops Akka's warning that one of its own outbound remoting connections was aborted, and nothing else. Artery (Akka
 * 2.6) aborts the TCP connections to the other members itself when it stops an outbound stream — as every member of a
 * cluster does when its actor system terminates, so at the end of every {@code replay --cluster} — and then logs the
 * abort it made as a failure of the stream, one warning per stream (Akka issue 27602, "would be nice to avoid that
 * since it's stopped by us"). A connection that fails for another reason (refused, reset by the peer, timed out)
 * gives another message, which is still shown, as is any other warning of the same logger.
 */
final class OwnConnectionAborts extends Filter<ILoggingEvent> {

    /** The logger of Akka's stream log operator, which reports the failure. */
    static final String LOGGER = "akka.stream.Materializer";

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (!event.getLoggerName().equals(LOGGER)) return FilterReply.NEUTRAL;
        String message = event.getFormattedMessage();
        return message.startsWith("[outbound connection to [")
                && message.endsWith("Upstream failed, cause: StreamTcpException: The connection has been aborted")
                ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
