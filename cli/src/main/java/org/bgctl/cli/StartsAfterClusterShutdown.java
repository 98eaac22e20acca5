package org.bgctl.cli;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Drops Akka's error that a cluster actor could not start because the cluster had already shut down, and nothing
 * else. A driver stopped (Ctrl-C, SIGTERM) while it joins its cluster shuts its actor system down while Cluster
 * Sharding is still starting: the sharding guardian then creates its replicator and coordinator on a cluster node
 * that is terminated, each refuses to start ({@code requirement failed: Cluster node must not be terminated}), and
 * the supervisor logs that as an error with its stack trace, though the shutdown, which bgctl reports in its own line,
 * is all that happened. The requirement fails only on a terminated cluster node, so no other failure is hidden.
 */
final class StartsAfterClusterShutdown extends Filter<ILoggingEvent> {

    /** Akka's message of the failed requirement. */
    static final String TERMINATED = "requirement failed: Cluster node must not be terminated";

    /** The exception a supervisor logs for an actor that failed to start. */
    static final String NOT_STARTED = "akka.actor.ActorInitializationException";

    @Override
    public FilterReply decide(ILoggingEvent event) {
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown == null || !thrown.getClassName().equals(NOT_STARTED)) return FilterReply.NEUTRAL;
        IThrowableProxy cause = thrown.getCause();
        return cause != null && cause.getClassName().equals(IllegalArgumentException.class.getName())
                && TERMINATED.equals(cause.getMessage()) ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
