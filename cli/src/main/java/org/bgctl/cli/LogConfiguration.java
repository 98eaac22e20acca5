package org.bgctl.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Map;

/**
 * bgctl's logging, set up in code rather than from a logback.xml, whose reading (logback's XML configurator and the
 * JDK's XML parser) cost every command tens of milliseconds before it began: warnings and errors on standard error,
 * the cluster's membership at INFO, less Akka's warnings about the remoting connections it aborts itself as a cluster
 * member stops ({@link OwnConnectionAborts}) and its errors about cluster actors that cannot start once the cluster
 * has shut down ({@link StartsAfterClusterShutdown}). Logback finds this class through META-INF/services when the class path
 * has no logback.xml; {@code -Dlogback.configurationFile=FILE} still replaces it.
 */
public final class LogConfiguration extends ContextAwareBase implements Configurator {

    /** Loggers whose level differs from the root's (WARN). */
    private static final Map<String, Level> LEVELS = Map.of("org.bgctl.cluster", Level.INFO);

    @Override
    public void configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n");
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        OwnConnectionAborts ownAborts = new OwnConnectionAborts();
        ownAborts.start();
        stderr.addFilter(ownAborts);
        StartsAfterClusterShutdown afterShutdown = new StartsAfterClusterShutdown();
        afterShutdown.start();
        stderr.addFilter(afterShutdown);
        stderr.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        LEVELS.forEach((name, level) -> context.getLogger(name).setLevel(level));
    }
}
