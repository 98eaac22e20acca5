package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.sharding.ShardRegion.CurrentShardRegionState;
import akka.cluster.sharding.ShardRegion.ShardState;
import akka.cluster.sharding.typed.GetShardRegionState;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.junit.jupiter.api.Test;

/**
 * A driver that forms the cluster and waits for a member started after it starts its scheduler only once both host
 * agents, so the agents are spread over both: the scheduler starts every agent anew as it starts ({@code NewRun}),
 * and started with the driver it put every shard on the driver, the only member then, leaving the later member none.
 */
class ClusterDriverTest {

    @Test
    void aMemberThatJoinsAfterTheDriverHostsAgents() throws Exception {
        MachineModel machine = MachineCatalog.create("supernode:4x4x8/1");
        int driverPort = FreePorts.any();
        String seed = "127.0.0.1:" + driverPort;
        AtomicBoolean schedulerStarted = new AtomicBoolean();
        CountDownLatch clock = new CountDownLatch(1);
        ActorSystem<?> driver = ActorSystem.create(ClusterDriver.create(2, machine, units -> Behaviors.setup(ctx -> {
            // as SchedulerActor does as it starts
            for (String unit : machine.units()) units.ref(unit).tell(new UnitProtocol.NewRun());
            schedulerStarted.set(true);
            return Behaviors.ignore();
        }), new CompletableFuture<>(), (ctx, scheduler) -> clock.countDown(), true), ClusterOptions.SYSTEM,
                config(driverPort, seed, ClusterScheduler.DRIVER_ROLE, MemberMachine.role(machine)));
        ActorSystem<?> member = null;
        try {
            Thread.sleep(3000);
            assertFalse(schedulerStarted.get(), "the scheduler started before the members it waits for host agents");
            member = ActorSystem.create(Behaviors.setup(ctx -> {
                UnitSharding.start(ctx.getSystem(), machine);
                return Behaviors.empty();
            }), ClusterOptions.SYSTEM, config(FreePorts.any(), seed, MemberMachine.role(machine)));
            assertTrue(clock.await(60, TimeUnit.SECONDS), "the clock starts");

            TestProbe<CurrentShardRegionState> probe = TestProbe.create(member);
            ClusterSharding.get(member).shardState().tell(new GetShardRegionState(UnitSharding.UNIT, probe.getRef()));
            int agents = 0;
            for (ShardState shard : probe.receiveMessage(Duration.ofSeconds(10)).getShards())
                agents += shard.getEntityIds().size();
            assertTrue(agents > 0, "the member that joined after the driver hosts no agent");
        } finally {
            TestMembers.terminate(member, driver);
        }
    }

    private static Config config(int port, String seed, String... roles) {
        return new ClusterOptions("127.0.0.1", port, List.of(seed), 2).config(List.of(roles))
                .withFallback(ConfigFactory.parseString("akka.cluster.jmx.multi-mbeans-in-same-jvm = on"))
                .withFallback(ConfigFactory.load());
    }
}
