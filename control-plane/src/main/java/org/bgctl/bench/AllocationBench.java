package org.bgctl.bench;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.cluster.MembersHosting;
import org.bgctl.cluster.UnitSharding;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.bgl.BglIds;
import org.bgctl.scheduler.UnitDirectory;

/**
 * Latency of the two-phase allocation on BG/L: Reserve to every midplane of a partition, all
 * answers, then Reserve of the switch ports, all answers — as the scheduler's transaction does —
 * then Commit and Release. Partitions of 1 to 32 midplanes in turn, one transaction at a time, with
 * the agents in this JVM ({@code local}) or sharded over a cluster ({@code cluster}: this process
 * joins as the driver and waits for MEMBERS members, e.g. started with {@code bgctl node --machine bgl}).
 * Prints the median and the 99th percentile of the wall-clock latency after the warm-up.
 * Usage: {@code AllocationBench local N WARMUP} or
 * {@code AllocationBench cluster N WARMUP PORT SEED_HOST:PORT MEMBERS}.
 */
public final class AllocationBench {

    private static final int[] MIDPLANES = {1, 2, 4, 8, 16, 32};

    private AllocationBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || args[0].equals("cluster") && args.length < 6) {
            System.err.println("usage: AllocationBench local N WARMUP | cluster N WARMUP PORT SEED_HOST:PORT MEMBERS");
            System.exit(2);
        }
        boolean cluster = args[0].equals("cluster");
        int n = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        MachineModel machine = MachineCatalog.create("bgl");
        int perMidplane = (int) (machine.capacity() / machine.units().stream().filter(BglIds::isMidplane).count());
        List<Allocation> partitions = new ArrayList<>();
        for (int k : MIDPLANES) partitions.add(machine.place(new Demand(k * perMidplane)));
        CompletableFuture<long[]> done = new CompletableFuture<>();
        Config config = ConfigFactory.load();
        Behavior<MembersHosting.Ready> guardian;
        if (cluster) {
            ClusterOptions options = new ClusterOptions("127.0.0.1", Integer.parseInt(args[3]), List.of(args[4]),
                    Integer.parseInt(args[5]));
            config = options.config(List.of("driver")).withFallback(config);
            guardian = Behaviors.setup(ctx -> {
                UnitDirectory units = UnitSharding.start(ctx.getSystem(), machine);
                ctx.spawn(MembersHosting.create(options.members(), ctx.getSelf()), "members");
                return Behaviors.receive(MembersHosting.Ready.class).onMessage(MembersHosting.Ready.class, ready -> {
                    ctx.spawn(Prober.create(units, partitions, warmup + n, done), "prober");
                    return Behaviors.ignore();
                }).build();
            });
        } else {
            guardian = Behaviors.setup(ctx -> {
                Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
                for (String unit : machine.units()) agents.put(unit, ctx.spawn(UnitAgents.forUnit(machine, unit), unit));
                ctx.spawn(Prober.create(agents::get, partitions, warmup + n, done), "prober");
                return Behaviors.ignore();
            });
        }
        ActorSystem<MembersHosting.Ready> system = ActorSystem.create(guardian, ClusterOptions.SYSTEM, config);
        try {
            long[] nanos = done.get();
            long[] timed = Arrays.copyOfRange(nanos, warmup, nanos.length);
            Arrays.sort(timed);
            System.out.printf("two-phase allocation on bgl, %s: %d transactions (after %d warm-up), median %.3f ms,"
                            + " p99 %.3f ms%n", cluster ? "agents sharded over " + args[5] + " JVMs" : "agents in one JVM",
                    timed.length, warmup, timed[timed.length / 2] / 1e6, timed[(int) (timed.length * 0.99)] / 1e6);
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /** Runs the transactions one after the other and records each one's latency. */
    private static final class Prober {

        private record Replied(UnitProtocol.ReserveReply reply) {
        }

        static Behavior<Replied> create(UnitDirectory units, List<Allocation> partitions, int count,
                                        CompletableFuture<long[]> done) {
            return Behaviors.setup(ctx -> new Prober(ctx, units, partitions, count, done).next());
        }

        private final UnitDirectory units;
        private final List<Allocation> partitions;
        private final long[] nanos;
        private final CompletableFuture<long[]> done;
        private final ActorRef<UnitProtocol.ReserveReply> replies;
        /** Commits and releases are not timed: their answers are dropped. */
        private final ActorRef<UnitProtocol.StepReply> unheard;
        private int tx;
        private int phase;
        private int waiting;
        private long started;

        private Prober(ActorContext<Replied> ctx, UnitDirectory units, List<Allocation> partitions, int count,
                       CompletableFuture<long[]> done) {
            this.units = units;
            this.partitions = partitions;
            this.nanos = new long[count];
            this.done = done;
            this.replies = ctx.messageAdapter(UnitProtocol.ReserveReply.class, Replied::new);
            this.unheard = ctx.getSystem().ignoreRef();
        }

        private Allocation allocation() {
            return partitions.get(tx % partitions.size());
        }

        /** Phase 1: node claims (midplanes); phase 2: port claims (switches). */
        private Behavior<Replied> next() {
            if (tx == nanos.length) {
                done.complete(nanos);
                return Behaviors.stopped();
            }
            started = System.nanoTime();
            phase = 1;
            return reserve();
        }

        private Behavior<Replied> reserve() {
            List<Claim> claims = allocation().claims().stream()
                    .filter(c -> (c instanceof NodeClaim) == (phase == 1)).toList();
            waiting = claims.size();
            for (Claim c : claims) units.ref(c.unit()).tell(new UnitProtocol.Reserve(tx + 1, tx + 1, c, replies));
            if (waiting == 0) return answered();
            return Behaviors.receive(Replied.class).onMessage(Replied.class, this::onReplied).build();
        }

        private Behavior<Replied> onReplied(Replied r) {
            if (!(r.reply() instanceof UnitProtocol.Reserved)) {
                done.completeExceptionally(new IllegalStateException("refused: " + r.reply()));
                return Behaviors.stopped();
            }
            return --waiting == 0 ? answered() : Behaviors.same();
        }

        private Behavior<Replied> answered() {
            if (phase == 1) {
                phase = 2;
                return reserve();
            }
            nanos[tx] = System.nanoTime() - started;
            for (Claim c : allocation().claims()) {
                units.ref(c.unit()).tell(new UnitProtocol.Commit(tx + 1, unheard));
                units.ref(c.unit()).tell(new UnitProtocol.Release(tx + 1, tx + 1, unheard));
            }
            tx++;
            return next();
        }
    }
}
