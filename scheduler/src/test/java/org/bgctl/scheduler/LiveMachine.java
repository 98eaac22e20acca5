package org.bgctl.scheduler;

import akka.Done;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AskPattern;
import akka.pattern.StatusReply;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;

/**
 * Test helper: the agents of a machine and an event-sourced scheduler in an {@link ActorTestKit},
 * with the test as the clock. Any agent can be replaced by a proxy (to inject a fault at a chosen
 * protocol step), and the system can be audited against its own events.
 */
final class LiveMachine {

    private static final AtomicInteger RUNS = new AtomicInteger();

    /** A test kit with an in-memory journal and a short phase timeout. */
    static ActorTestKit testKit() {
        return ActorTestKit.create(ConfigFactory.parseString("""
                akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
                akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
                bgctl.scheduler.phase-timeout = 300ms
                """).withFallback(ConfigFactory.load()));
    }

    private final ActorTestKit kit;
    /** The machine as it starts: nothing allocated, nothing down. */
    private final MachineModel layout;
    private final Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
    private final Map<String, ActorRef<UnitProtocol.Command>> directory = new TreeMap<>();
    private final List<SchedulerEvent> events = new CopyOnWriteArrayList<>();
    private final ActorRef<SchedulerActor.Command> scheduler;
    private final List<ActorRef<?>> spawned = new ArrayList<>();

    /** A stand-in for an agent, in front of the real one. */
    interface Proxy {
        /**
         * @param agent  the real agent it stands in front of
         * @param agents every real agent, by unit
         */
        Behavior<UnitProtocol.Command> create(ActorRef<UnitProtocol.Command> agent,
                                              Function<String, ActorRef<UnitProtocol.Command>> agents);
    }

    /**
     * @param proxies for some units, a proxy that the scheduler talks to instead of the real agent
     */
    LiveMachine(ActorTestKit kit, String machineName, String policy, Map<String, Proxy> proxies) {
        this.kit = kit;
        this.layout = MachineCatalog.create(machineName);
        String run = "run" + RUNS.incrementAndGet();
        for (String unit : layout.units()) {
            ActorRef<UnitProtocol.Command> agent = kit.spawn(UnitAgents.forUnit(layout, unit), run + "-" + unit);
            spawned.add(agent);
            agents.put(unit, agent);
            directory.put(unit, agent);
        }
        proxies.forEach((unit, proxy) -> {
            ActorRef<UnitProtocol.Command> front = kit.spawn(proxy.create(agents.get(unit), agents::get),
                    run + "-proxy-" + unit);
            spawned.add(front);
            directory.put(unit, front);
        });
        scheduler = kit.spawn(SchedulerActor.create(PersistenceId.ofUniqueId(run),
                () -> new SchedulerCore(Policies.create(policy), layout.copy()),
                directory::get, events::add, 0), run + "-scheduler");
        spawned.add(scheduler);
    }

    LiveMachine(ActorTestKit kit, String machineName, String policy) {
        this(kit, machineName, policy, Map.of());
    }

    /** Releases time {@code t} with these arrivals and waits until the scheduler has settled it. */
    SchedulerActor.Settled advance(long t, Job... arrivals) {
        TestProbe<SchedulerActor.Settled> probe = kit.createTestProbe();
        scheduler.tell(new SchedulerActor.Advance(t, Arrays.asList(arrivals), probe.getRef()));
        return probe.receiveMessage(Duration.ofSeconds(5));
    }

    /** An operator's report to the scheduler that {@code component} failed or is repaired. */
    StatusReply<Done> report(String component, boolean up) {
        TestProbe<StatusReply<Done>> probe = kit.createTestProbe();
        scheduler.tell(new SchedulerActor.SetComponentHealth(component, up, probe.getRef()));
        return probe.receiveMessage(Duration.ofSeconds(5));
    }

    /** A failure (or repair) that hits the agents directly: the scheduler is not told. */
    void hitAgents(String component, boolean up) {
        for (Claim part : layout.componentClaims(component))
            agents.get(part.unit()).tell(new UnitProtocol.SetHealth(component, part, up));
    }

    /** The scheduler's events so far. */
    List<SchedulerEvent> events() {
        return List.copyOf(events);
    }

    /** The run rebuilt from the scheduler's events, with every invariant checked. */
    RecordedRun recorded() {
        RecordedRun run = new RecordedRun(layout.copy());
        events.forEach(run::accept);
        return run;
    }

    /** Every agent's occupancy, asked of the real agents. */
    Map<String, Occupancy> occupancy() {
        return AgentAudit.collect(kit.system(), layout, agents::get, Duration.ofSeconds(5));
    }

    /** Waits until every message sent so far to the agents and the scheduler has been handled. */
    void quiesce() {
        occupancy();
        TestProbe<SchedulerActor.Flushed> probe = kit.createTestProbe();
        scheduler.tell(new SchedulerActor.Flush(probe.getRef()));
        probe.receiveMessage(Duration.ofSeconds(5));
        occupancy();
    }

    /** Where the agents differ from the scheduler's journal (holdings, reservations, health). */
    List<String> auditAgents() {
        RecordedRun run = recorded();
        Map<String, Occupancy> occupancy = occupancy();
        List<String> differences = new ArrayList<>(AgentAudit.holdings(run, occupancy));
        differences.addAll(AgentAudit.health(run.machine(), run.machine().downComponents(), occupancy));
        return differences;
    }

    /** Asks an agent directly, e.g. for its occupancy. */
    Occupancy occupancyOf(String unit) {
        return AskPattern.<UnitProtocol.Command, Occupancy>ask(agents.get(unit), UnitProtocol.GetOccupancy::new,
                Duration.ofSeconds(5), kit.system().scheduler()).toCompletableFuture().join();
    }

    void stop() {
        spawned.forEach(kit::stop);
    }
}
