package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class LogConfigurationTest {

    @Test
    void logbackFindsItAndItLogsWarningsToStandardErrorAndTheClusterAtInfo() {
        assertTrue(ServiceLoader.load(Configurator.class).stream().anyMatch(p -> p.type() == LogConfiguration.class));
        LoggerContext context = new LoggerContext();
        LogConfiguration configuration = new LogConfiguration();
        configuration.setContext(context);
        configuration.configure(context);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertEquals(Level.WARN, root.getLevel());
        assertTrue(root.getAppender("STDERR") instanceof ConsoleAppender<?> c && c.getTarget().equals("System.err"));
        assertFalse(context.getLogger("akka.actor.ActorSystem").isInfoEnabled());
        assertTrue(context.getLogger("akka.actor.ActorSystem").isWarnEnabled());
        assertTrue(context.getLogger("org.bgctl.cluster.ClusterNode").isInfoEnabled());
        assertFalse(context.getLogger("org.bgctl.run.Replay").isInfoEnabled());
    }
}
