package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.cluster.ClusterReplay;
import org.bgctl.cluster.FreePorts;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay in cluster mode, one member, with every message serialized as if it crossed JVMs
 * ({@code akka.actor.serialize-messages = on}): the sharded agents and the singleton scheduler
 * schedule exactly as the direct executor, so every message and record survives Jackson CBOR: allocation in two
 * phases (BG/L), migrations (krevat-bm), gang switches (pfcfs: Suspend, Resume) and a node-set machine.
 */
class ClusterReplayTest {

    private static final WorkloadOptions SHAPED = WorkloadOptions.builder().firstJobs(200)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, true, 0.5, 3)).build();

    @BeforeAll
    static void serializeEveryMessage() {
        System.setProperty("akka.actor.serialize-messages", "on");
        // the clock's and the driver's own messages stay in the driver's JVM
        System.setProperty("akka.actor.no-serialization-verification-needed-class-prefix.0", "akka.");
        System.setProperty("akka.actor.no-serialization-verification-needed-class-prefix.1",
                "org.bgctl.clock.RunClock");
        System.setProperty("akka.actor.no-serialization-verification-needed-class-prefix.2",
                "org.bgctl.cluster.MembersHosting");
        System.setProperty("akka.actor.no-serialization-verification-needed-class-prefix.3",
                "org.bgctl.cluster.ClusterReplay");
        ConfigFactory.invalidateCaches();
    }

    @AfterAll
    static void restore() {
        System.clearProperty("akka.actor.serialize-messages");
        for (int i = 0; i < 4; i++)
            System.clearProperty("akka.actor.no-serialization-verification-needed-class-prefix." + i);
        ConfigFactory.invalidateCaches();
    }

    @Test
    void bglInTwoPhasesOnShardedAgentsSchedulesAsTheDirectExecutor(@TempDir Path dir) throws Exception {
        assertSameSchedule(dir, "bgl", "easy", SHAPED);
    }

    @Test
    void migrationsOnShardedAgentsScheduleAsTheDirectExecutor(@TempDir Path dir) throws Exception {
        assertSameSchedule(dir, "supernode:4x4x8/1", "krevat-bm", WorkloadOptions.builder().firstJobs(300).build());
    }

    @Test
    void gangSwitchesOnShardedAgentsScheduleAsTheDirectExecutor(@TempDir Path dir) throws Exception {
        assertSameSchedule(dir, "supernode:4x4x8/1", "pfcfs", WorkloadOptions.builder().firstJobs(300).build());
    }

    @Test
    void aNodeSetMachineOnShardedAgentsSchedulesAsTheDirectExecutor(@TempDir Path dir) throws Exception {
        assertSameSchedule(dir, "buddy:128", "selective-buddy", WorkloadOptions.builder().firstJobs(300).build());
    }

    private static void assertSameSchedule(Path dir, String machine, String scheduler, WorkloadOptions workload)
            throws Exception {
        Path cluster = dir.resolve("cluster");
        Path direct = dir.resolve("direct");
        int port = FreePorts.any();
        ClusterReplay host = new ClusterReplay(new ClusterOptions("127.0.0.1", port, List.of("127.0.0.1:" + port), 1));
        Runs.replay(Runs.SDSC, machine, scheduler, workload, host, JournalKind.MEMORY, cluster);
        Runs.replay(Runs.SDSC, machine, scheduler, workload, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(cluster.resolve("jobs.csv")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(cluster));
    }
}
