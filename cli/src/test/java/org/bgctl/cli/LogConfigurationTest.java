package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorInitializationException$;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.FilterReply;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class LogConfigurationTest {

    @Test
    void logbackFindsItAndItLogsWarningsToStandardErrorAndTheClusterAtInfo() {
        assertTrue(ServiceLoader.load(Configurator.class).stream().anyMatch(p -> p.type() == LogConfiguration.class));
        LoggerContext context = configured();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertEquals(Level.WARN, root.getLevel());
        assertTrue(root.getAppender("STDERR") instanceof ConsoleAppender<?> c && c.getTarget().equals("System.err"));
        assertFalse(context.getLogger("akka.actor.ActorSystem").isInfoEnabled());
        assertTrue(context.getLogger("akka.actor.ActorSystem").isWarnEnabled());
        assertTrue(context.getLogger("org.bgctl.cluster.ClusterNode").isInfoEnabled());
        assertFalse(context.getLogger("org.bgctl.run.Replay").isInfoEnabled());
    }

    /**
     * Akka's warning about an outbound remoting connection it aborted itself (as every cluster member's system stops)
     * is not shown; a connection that failed otherwise, and any other warning of that logger, are.
     */
    @Test
    void akkasWarningAboutAConnectionItAbortedItselfIsNotShown() {
        LoggerContext context = configured();
        Logger streams = context.getLogger(OwnConnectionAborts.LOGGER);
        Appender<ILoggingEvent> stderr = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        String to = "[outbound connection to [akka://bgctl@127.0.0.1:2552], control stream] Upstream failed, cause: ";
        assertEquals(FilterReply.DENY, stderr.getFilterChainDecision(warning(streams,
                to + "StreamTcpException: The connection has been aborted")));
        assertEquals(FilterReply.NEUTRAL, stderr.getFilterChainDecision(warning(streams, to + "StreamTcpException:"
                + " Tcp command [Connect(127.0.0.1:2552)] failed because of java.net.ConnectException: Connection"
                + " refused")));
        assertEquals(FilterReply.NEUTRAL, stderr.getFilterChainDecision(warning(context.getLogger("akka.remote.X"),
                to + "StreamTcpException: The connection has been aborted")));
    }

    /**
     * Akka's error about a cluster actor that cannot start because the cluster has shut down (a driver stopped while
     * it joins) is not shown; an actor that failed to start for another reason is.
     */
    @Test
    void akkasErrorAboutAClusterActorStartedAfterTheClusterShutDownIsNotShown() {
        LoggerContext context = configured();
        Logger supervisor = context.getLogger("akka.actor.OneForOneStrategy");
        Appender<ILoggingEvent> stderr = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
        String terminated = "requirement failed: Cluster node must not be terminated";
        assertEquals(FilterReply.DENY, stderr.getFilterChainDecision(error(supervisor, terminated,
                notStarted("akka://bgctl/system/sharding/unitCoordinator", new IllegalArgumentException(terminated)))));
        String other = "requirement failed: something else";
        assertEquals(FilterReply.NEUTRAL, stderr.getFilterChainDecision(error(supervisor, other,
                notStarted("akka://bgctl/system/sharding/unitCoordinator", new IllegalArgumentException(other)))));
        assertEquals(FilterReply.NEUTRAL, stderr.getFilterChainDecision(error(supervisor, terminated,
                new IllegalArgumentException(terminated))));
    }

    /** A logger context that {@link LogConfiguration} configured. */
    private static LoggerContext configured() {
        LoggerContext context = new LoggerContext();
        LogConfiguration configuration = new LogConfiguration();
        configuration.setContext(context);
        configuration.configure(context);
        return context;
    }

    private static Throwable notStarted(String actor, Throwable cause) {
        return ActorInitializationException$.MODULE$.apply(null, actor + ": exception during creation", cause);
    }

    private static ILoggingEvent error(Logger logger, String message, Throwable thrown) {
        return new LoggingEvent(Logger.class.getName(), logger, Level.ERROR, message, thrown, null);
    }

    private static ILoggingEvent warning(Logger logger, String message) {
        return new LoggingEvent(Logger.class.getName(), logger, Level.WARN, message, null, null);
    }
}
