package org.bgctl.live;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.http.javadsl.Http;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.RunClock;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.ReplayWatcher;
import org.bgctl.scheduler.UnitDirectory;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The HTTP API and dashboard of {@code bgctl serve} opened on a replay on the scaled clock ({@code replay --speed K
 * --port P}), so a person can watch it: a {@link LiveView} fed with the replay's events, their stream, and
 * {@link LiveApi} bound to {@code host:port} in the run's actor system as its clock starts. The server goes when the
 * run ends.
 */
public final class ReplayWatch implements ReplayWatcher {

    private final String host;
    private final int port;
    private final String machineName;
    private final String scheduler;
    private final double speed;
    private final LiveView view;
    private final CompletableFuture<InetSocketAddress> bound = new CompletableFuture<>();

    /**
     * @throws IllegalArgumentException for a port outside 0..65535, or a host that does not resolve or is not a
     *                                  loopback address: the API submits jobs and fails components, and a watched
     *                                  replay has no token to ask for
     */
    public ReplayWatch(String host, int port, String machineName, String scheduler, double speed) {
        if (port < 0 || port > 65535) throw new IllegalArgumentException("--port must be 0..65535, was " + port);
        boolean loopback;
        try {
            loopback = InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--host " + host + " does not resolve");
        }
        if (!loopback)
            throw new IllegalArgumentException("--host " + host + " is not a loopback address: the API of a watched"
                    + " replay submits jobs and fails components and takes no --token, so it listens on loopback only"
                    + " (bgctl serve --token T listens on any address)");
        this.host = host;
        this.port = port;
        this.machineName = machineName;
        this.scheduler = scheduler;
        this.speed = speed;
        this.view = new LiveView(MachineCatalog.create(machineName));
    }

    /** The address the API listens at once bound, or the failure to bind. */
    public CompletableFuture<InetSocketAddress> bound() {
        return bound;
    }

    @Override
    public void accept(SchedulerEvent event) {
        view.accept(event);
    }

    @Override
    public void start(ActorSystem<?> system, ActorRef<RunClock.Command> clock, UnitDirectory units, Lateness lateness) {
        try {
            if (PortProbe.inUse(host, port)) {
                bound.completeExceptionally(new IOException("the port is in use"));
                return;
            }
        } catch (IOException e) {
            // left to Akka's bind, which says why
        }
        MachineModel machine = MachineCatalog.create(machineName);
        ServerHealth health = new ServerHealth(system);
        health.watchClock(clock);
        LiveApi api = new LiveApi(system, clock, view, machine, lateness, EventHub.fedBy(view, system), Optional.empty(),
                this::serverFields, true, units, health);
        Http.get(system).newServerAt(host, port).bind(api.route()).whenComplete((binding, e) -> {
            if (e != null) bound.completeExceptionally(e);
            else bound.complete(binding.localAddress());
        });
    }

    private Map<String, Object> serverFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("machine", machineName);
        m.put("scheduler", scheduler);
        m.put("speed", speed);
        m.put("virtual_now", view.lastTime());
        return m;
    }
}
