package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.typed.Cluster;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
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
        TestMembers.terminate(second, first);
    }

    @Test
    void aSecondDriverIsRefusedNamingTheFirst() throws Exception {
        MachineModel machine = MachineCatalog.create("flat:8");
        int firstPort = FreePorts.any();
        String seed = "127.0.0.1:" + firstPort;
        first = ActorSystem.create(Behaviors.setup(ctx -> {
            UnitSharding.start(ctx.getSystem(), machine);
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config(firstPort, seed));

        CompletableFuture<Object> run = new CompletableFuture<>();
        AtomicBoolean clockStarted = new AtomicBoolean();
        second = ActorSystem.create(ClusterDriver.create(1, machine, units -> Behaviors.ignore(), run,
                (ctx, scheduler) -> clockStarted.set(true), true), ClusterOptions.SYSTEM, config(FreePorts.any(), seed));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
        String line = failed.getCause().getMessage();
        assertTrue(line.startsWith("another driver, akka://" + ClusterOptions.SYSTEM + "@" + seed + ", runs on this"
                + " cluster"), line);
        assertTrue(!clockStarted.get(), "the clock never starts");
    }

    /**
     * The refused driver leaves the cluster, but it joined after the first driver's agents were placed and hosts none:
     * the first driver's replay goes on. It stopped, calling the refused driver a member lost mid-run.
     */
    @Test
    void theRefusedDriverLeavingDoesNotStopTheFirstDriversReplay() throws Exception {
        MachineModel machine = MachineCatalog.create("flat:8");
        int a = FreePorts.any();
        int b = FreePorts.any();
        // on a tie (one member each side, should the refused driver become unreachable before it is removed) the
        // Split Brain Resolver keeps the side of the lowest address: the first driver's
        int firstPort = Math.min(a, b);
        int secondPort = Math.max(a, b);
        String seed = "127.0.0.1:" + firstPort;
        CompletableFuture<Object> firstRun = new CompletableFuture<>();
        CountDownLatch firstClock = new CountDownLatch(1);
        first = ActorSystem.create(ClusterDriver.create(1, machine, units -> Behaviors.ignore(), firstRun,
                (ctx, scheduler) -> firstClock.countDown(), true), ClusterOptions.SYSTEM, config(firstPort, seed));
        assertTrue(firstClock.await(60, TimeUnit.SECONDS), "the first driver's clock starts");

        CompletableFuture<Object> secondRun = new CompletableFuture<>();
        second = ActorSystem.create(ClusterDriver.create(1, machine, units -> Behaviors.ignore(), secondRun,
                (ctx, scheduler) -> { }, true), ClusterOptions.SYSTEM, config(secondPort, seed));
        assertThrows(ExecutionException.class, () -> secondRun.get(60, TimeUnit.SECONDS), "the second is refused");
        second.terminate();
        second.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
        second = null;

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (members(first) != 1 && System.nanoTime() < deadline) Thread.sleep(100);
        assertEquals(1, members(first), () -> "the refused driver left the cluster: " + Cluster.get(first).state());
        Thread.sleep(2000); // the removal reaches the scheduler
        assertFalse(firstRun.isDone(), () -> "the first driver's replay stopped: " + firstRun);
    }

    private static int members(ActorSystem<?> system) {
        int members = 0;
        for (Object m : Cluster.get(system).state().getMembers()) members++;
        return members;
    }

    private static Config config(int port, String seed) {
        return new ClusterOptions("127.0.0.1", port, List.of(seed), 1).config(List.of(ClusterScheduler.DRIVER_ROLE))
                .withFallback(ConfigFactory.parseString("akka.cluster.jmx.multi-mbeans-in-same-jvm = on"))
                .withFallback(ConfigFactory.load());
    }
}
