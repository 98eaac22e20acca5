package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;

/**
 * A member of a bgctl cluster that hosts agents: the cluster gives it a share of the machine's
 * units, and agents of a lost member. It runs until it is stopped (SIGTERM or SIGINT: it leaves
 * the cluster first, handing its agents over) or downed.
 */
public final class ClusterNode {

    private ClusterNode() {
    }

    /** Starts the member; returns its actor system, which terminates when the member leaves. */
    public static ActorSystem<Void> start(ClusterOptions options, String machine) {
        MachineModel model = MachineCatalog.create(machine);
        Config config = options.config(List.of(MemberMachine.role(model))).withFallback(ConfigFactory.load());
        return ActorSystem.create(Behaviors.setup(ctx -> {
            ctx.spawn(LostMessages.reporter(), "lost-messages");
            UnitSharding.start(ctx.getSystem(), model);
            ctx.getLog().info("member {} hosts agents of {}", ctx.getSystem().address(), model.name());
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config);
    }
}
