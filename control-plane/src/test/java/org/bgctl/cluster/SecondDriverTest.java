package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A driver that joins a cluster where another driver runs stops before its clock starts, with one line naming the
 * other: the scheduler is one singleton for the cluster, and a second replay on the same members drove the first's
 * scheduler, which stopped with an exception (its time going back), while the second ran without one.
 */
class SecondDriverTest {

    private ActorSystem<?> first;
    private ActorSystem<?> second;

    @AfterEach
    void stop() {
        for (ActorSystem<?> s : new ActorSystem<?>[]{second, first}) {
            if (s == null) continue;
            s.terminate();
            s.getWhenTerminated().toCompletableFuture().join();
        }
    }

    @Test
    void aSecondDriverIsRefusedNamingTheFirst() throws Exception {
        MachineModel machine = MachineCatalog.create("flat:8");
        int firstPort = freePort();
        String seed = "127.0.0.1:" + firstPort;
        first = ActorSystem.create(Behaviors.setup(ctx -> {
            UnitSharding.start(ctx.getSystem(), machine);
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config(firstPort, seed));

        CompletableFuture<Object> run = new CompletableFuture<>();
        AtomicBoolean clockStarted = new AtomicBoolean();
        second = ActorSystem.create(ClusterDriver.create(1, machine, units -> Behaviors.ignore(), run,
                (ctx, scheduler) -> clockStarted.set(true), true), ClusterOptions.SYSTEM, config(freePort(), seed));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
        String line = failed.getCause().getMessage();
        assertTrue(line.startsWith("another driver, akka://" + ClusterOptions.SYSTEM + "@" + seed + ", runs on this"
                + " cluster"), line);
        assertTrue(!clockStarted.get(), "the clock never starts");
    }

    private static Config config(int port, String seed) {
        return new ClusterOptions("127.0.0.1", port, List.of(seed), 1).config(List.of(ClusterScheduler.DRIVER_ROLE))
                .withFallback(ConfigFactory.parseString("akka.cluster.jmx.multi-mbeans-in-same-jvm = on"))
                .withFallback(ConfigFactory.load());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
