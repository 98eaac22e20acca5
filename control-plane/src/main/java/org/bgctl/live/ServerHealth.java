package org.bgctl.live;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.Behaviors;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What {@code GET /api/health} reports (docs/api.md): whether the server's clock, its journal (written by the
 * event-sourced scheduler, its one writer) and its agents are alive. A watcher actor watches each of them and
 * records why one stopped; the clock also says why it failed. Healthy while none has stopped.
 */
final class ServerHealth {

    /** The parts reported, in this order. */
    static final String CLOCK = "clock";
    static final String JOURNAL = "journal";
    static final String AGENTS = "agents";

    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private final AtomicInteger agents = new AtomicInteger();
    private final AtomicLong agentsStopped = new AtomicLong();
    private final ActorRef<Watch> watcher;
    private final CompletableFuture<String> journalStopped = new CompletableFuture<>();
    private volatile boolean closing;

    private record Watch(ActorRef<?> ref, String part) {
    }

    /** A health with its watcher started on {@code system}. */
    ServerHealth(ActorSystem<?> system) {
        this.watcher = system.systemActorOf(watcher(), "health-watch", Props.empty());
    }

    /** Watches the clock. */
    void watchClock(ActorRef<?> clock) {
        watcher.tell(new Watch(clock, CLOCK));
    }

    /** Watches the scheduler, the journal's one writer. */
    void watchJournalWriter(ActorRef<?> scheduler) {
        watcher.tell(new Watch(scheduler, JOURNAL));
    }

    /** Watches one agent. */
    void watchAgent(ActorRef<?> agent) {
        agents.incrementAndGet();
        watcher.tell(new Watch(agent, AGENTS));
    }

    /** Records that {@code part} failed, and why; the first reason given is kept. Nothing once closing. */
    void failed(String part, String why) {
        if (closing) return;
        failures.putIfAbsent(part, why);
        if (part.equals(JOURNAL)) journalStopped.complete(why);
    }

    /** Completes, with why, when the scheduler — the journal's one writer — stops before the server is closed. */
    CompletableFuture<String> journalStopped() {
        return journalStopped;
    }

    /** The server is being stopped: its parts stopping from now on are not failures. */
    void closing() {
        closing = true;
    }

    boolean isClosing() {
        return closing;
    }

    boolean healthy() {
        return failures.isEmpty();
    }

    /** The report: {@code healthy}, then per part {@code ok} and, when not, {@code error}; {@code why} when unhealthy. */
    Map<String, Object> report() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("healthy", healthy());
        for (String part : new String[] {CLOCK, JOURNAL, AGENTS}) {
            Map<String, Object> p = new LinkedHashMap<>();
            String why = failures.get(part);
            p.put("ok", why == null);
            if (why != null) p.put("error", why);
            if (part.equals(AGENTS)) {
                p.put("watched", agents.get());
                p.put("stopped", agentsStopped.get());
            }
            m.put(part, p);
        }
        if (!healthy()) m.put("why", String.join("; ", failures.values()));
        return m;
    }

    private Behavior<Watch> watcher() {
        Map<ActorRef<?>, String> parts = new ConcurrentHashMap<>();
        return Behaviors.setup(ctx -> Behaviors.receive(Watch.class)
                .onMessage(Watch.class, w -> {
                    parts.put(w.ref(), w.part());
                    ctx.watch(w.ref());
                    return Behaviors.same();
                })
                .onSignal(Terminated.class, t -> {
                    String part = parts.remove(t.getRef());
                    if (part != null) failed(part, stopped(part, t.getRef()));
                    return Behaviors.same();
                })
                .build());
    }

    private String stopped(String part, ActorRef<?> ref) {
        return switch (part) {
            case CLOCK -> "the clock stopped: no instant is released, and submissions, cancellations and faults"
                    + " are not answered";
            case JOURNAL -> "the scheduler, the journal's one writer, stopped: nothing more can be journaled";
            default -> {
                agentsStopped.incrementAndGet();
                yield "agent " + ref.path().name() + " stopped: its unit cannot be allocated";
            }
        };
    }
}
