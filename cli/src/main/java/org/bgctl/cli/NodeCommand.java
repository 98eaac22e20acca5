package org.bgctl.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.bgctl.cluster.ClusterNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bgctl node}: a cluster member that hosts agents for runs driven by {@code replay --cluster} or {@code serve --cluster}. */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Start a cluster member that hosts unit agents (sharded by unit id) until it is stopped.",
        footer = {"", "Every member must be given the same --machine as the driver (bgctl replay --cluster or bgctl serve --cluster).",
                "Example: bgctl node --machine bgl --port 2553 --seed-nodes 127.0.0.1:2552"})
public final class NodeCommand implements Callable<Integer> {

    /** How long a member stopped by a signal waits to have left the cluster before it says it could not. */
    private static final long LEAVE_WAIT_S = 30;

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterMemberOptions member;

    @Option(names = "--machine", paramLabel = "NAME", required = true,
            description = "The machine whose agents this member hosts, as for replay --machine.",
            completionCandidates = MachineNames.class)
    String machine;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        AtomicReference<ClusterNode> started = new AtomicReference<>();
        // Akka's own hook has the member leave on Ctrl-C or SIGTERM; this one says so once it has left
        Thread stopped = new Thread(() -> {
            ClusterNode node = started.get();
            try {
                if (node == null) {
                    out.println("bgctl node: interrupted while starting, before it joined the cluster (a member keeps"
                            + " nothing to resume)");
                    return;
                }
                node.system().getWhenTerminated().toCompletableFuture().get(LEAVE_WAIT_S, TimeUnit.SECONDS);
                out.printf("bgctl node %s: stopped, it left the cluster and its agents moved to the other members (a"
                        + " member keeps nothing to resume)%n", node.system().address());
            } catch (ExecutionException | TimeoutException e) {
                out.printf("bgctl node %s: stopped before it could leave the cluster (%s); the other members find"
                        + " it unreachable and down it%n", node.system().address(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                out.flush();
            }
        }, "bgctl-node-stop");
        Runtime.getRuntime().addShutdownHook(stopped);
        ClusterNode node;
        try {
            node = ClusterNode.start(member.toOptions(1), machine);
        } catch (RuntimeException e) {
            Interruption.removeHook(stopped);
            throw e;
        }
        started.set(node);
        out.printf("bgctl node %s hosts agents of %s; stop it with Ctrl-C%n", node.system().address(), machine);
        out.flush();
        Optional<String> downed = node.awaitStop();
        if (downed.isPresent()) {
            Interruption.removeHook(stopped);
            throw new IllegalStateException(downed.get());
        }
        return 0;
    }
}
