package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;

/**
 * A member of a bgctl cluster that hosts agents: the cluster gives it a share of the machine's
 * units, and agents of a lost member. It runs until it is stopped (SIGTERM or SIGINT: it leaves
 * the cluster first, handing its agents over) or downed, which it says ({@link #awaitStop()}).
 */
public final class ClusterNode {

    private final ActorSystem<Void> system;
    private final AtomicReference<Downing> downing;

    private ClusterNode(ActorSystem<Void> system, AtomicReference<Downing> downing) {
        this.system = system;
        this.downing = downing;
    }

    /** Starts the member; its actor system terminates when the member leaves or is downed. */
    public static ClusterNode start(ClusterOptions options, String machine) {
        MachineModel model = MachineCatalog.create(machine);
        Config config = options.config(List.of(MemberMachine.role(model))).withFallback(ConfigFactory.load());
        AtomicReference<Downing> downing = new AtomicReference<>();
        return new ClusterNode(ActorSystem.create(Behaviors.setup(ctx -> {
            downing.set(Downing.watch(ctx));
            ctx.spawn(LostMessages.reporter(), "lost-messages");
            UnitSharding.start(ctx.getSystem(), model);
            ctx.getLog().info("member {} hosts agents of {}", ctx.getSystem().address(), model.name());
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config), downing);
    }

    /** The member's actor system. */
    public ActorSystem<Void> system() {
        return system;
    }

    /**
     * Waits until the member has stopped; answers why, in one line, when the cluster downed it (the Split Brain
     * Resolver keeps the other side: a driver at a lower address killed in a cluster of two), empty when it was
     * stopped or left on request.
     */
    public Optional<String> awaitStop() {
        system.getWhenTerminated().toCompletableFuture().join();
        Downing lost = downing.get();
        return Downing.downed(system) && lost != null ? Optional.of(lost.why("member")) : Optional.empty();
    }
}
