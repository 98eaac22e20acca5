package org.bgctl.run;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.RecipientRef;
import akka.actor.typed.javadsl.Behaviors;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.Answer;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.StepReply;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.scheduler.UnitDirectory;

/**
 * Chaos between the scheduler and the agents: the agents as the scheduler finds them, where every step of a
 * transaction (Reserve, Checkpoint, Suspend, Commit, Abort, Release, Resume, Restart) and every answer to one is
 * dropped, duplicated or delayed at random, as {@link Chaos} says. Messages that are no step of a transaction
 * (health, re-synchronisation, occupancy queries, and {@link HoldLost}) pass untouched.
 *
 * <p>Deterministic: whether a message is perturbed is drawn from the run's seed, the message's identity (its
 * kind, unit, transaction and job) and how often the same message was sent before — not from the order of
 * messages — so the same seed perturbs the same messages. A delayed message goes through a courier actor a
 * few times before it is delivered (on the one thread of virtual time, behind the messages already waiting),
 * and a duplicate arrives once at once and once delayed.
 */
final class ChaosDirectory implements UnitDirectory {

    /** The most courier hops of a delayed message. */
    private static final int MAX_HOPS = 8;

    /** A delayed message, {@code hops} courier hops from delivery. */
    private record Hop(Runnable delivery, int hops) {
    }

    private final UnitDirectory agents;
    private final ChaosLedger ledger;
    private final ActorSystem<?> system;
    private final DispatcherSelector dispatcher;
    private final ActorRef<Hop> courier;
    /** Looked up only: how often each message was sent. */
    private final Map<String, Integer> sent = new HashMap<>();
    /** Looked up only: the relay in front of each reply address. */
    private final Map<ActorRef<?>, ActorRef<Answer>> relays = new HashMap<>();

    ChaosDirectory(UnitDirectory agents, ChaosLedger ledger, ActorSystem<?> system, DispatcherSelector dispatcher) {
        this.agents = agents;
        this.ledger = ledger;
        this.system = system;
        this.dispatcher = dispatcher;
        this.courier = system.systemActorOf(courier(), "chaos-courier", dispatcher);
    }

    private static Behavior<Hop> courier() {
        return Behaviors.receive((ctx, hop) -> {
            if (hop.hops() > 1) ctx.getSelf().tell(new Hop(hop.delivery(), hop.hops() - 1));
            else hop.delivery().run();
            return Behaviors.same();
        });
    }

    @Override
    public RecipientRef<UnitProtocol.Command> ref(String unit) {
        RecipientRef<UnitProtocol.Command> agent = agents.ref(unit);
        return message -> toAgent(unit, agent, message);
    }

    private void toAgent(String unit, RecipientRef<UnitProtocol.Command> agent, UnitProtocol.Command message) {
        UnitProtocol.Command relayed;
        String identity;
        if (message instanceof UnitProtocol.Reserve r) {
            relayed = new UnitProtocol.Reserve(r.tx(), r.job(), r.claim(), relay(r.replyTo()));
            identity = "Reserve|" + unit + "|" + r.tx() + "|" + r.job();
        } else if (message instanceof UnitProtocol.Checkpoint c) {
            relayed = new UnitProtocol.Checkpoint(c.tx(), c.job(), relay(c.replyTo()));
            identity = "Checkpoint|" + unit + "|" + c.tx() + "|" + c.job();
        } else if (message instanceof UnitProtocol.Suspend s) {
            relayed = new UnitProtocol.Suspend(s.tx(), s.job(), s.wideJob(), s.resuming(), relay(s.replyTo()));
            identity = "Suspend|" + unit + "|" + s.tx() + "|" + s.job();
        } else if (message instanceof UnitProtocol.Commit c) {
            relayed = new UnitProtocol.Commit(c.tx(), relay(c.replyTo()));
            identity = "Commit|" + unit + "|" + c.tx();
        } else if (message instanceof UnitProtocol.Abort a) {
            relayed = new UnitProtocol.Abort(a.tx(), relay(a.replyTo()));
            identity = "Abort|" + unit + "|" + a.tx();
        } else if (message instanceof UnitProtocol.Release r) {
            relayed = new UnitProtocol.Release(r.tx(), r.job(), relay(r.replyTo()));
            identity = "Release|" + unit + "|" + r.tx() + "|" + r.job();
        } else if (message instanceof UnitProtocol.Resume r) {
            relayed = new UnitProtocol.Resume(r.tx(), r.job(), relay(r.replyTo()));
            identity = "Resume|" + unit + "|" + r.tx() + "|" + r.job();
        } else if (message instanceof UnitProtocol.Restart r) {
            relayed = new UnitProtocol.Restart(r.tx(), r.job(), relay(r.replyTo()));
            identity = "Restart|" + unit + "|" + r.tx() + "|" + r.job();
        } else {
            agent.tell(message);
            return;
        }
        perturb(identity, () -> agent.tell(relayed));
    }

    /** The relay that answers to {@code replyTo} pass through. */
    @SuppressWarnings("unchecked")
    private synchronized <A extends Answer> ActorRef<A> relay(ActorRef<A> replyTo) {
        ActorRef<Answer> relay = relays.get(replyTo);
        if (relay == null) {
            ActorRef<Answer> target = (ActorRef<Answer>) (ActorRef<?>) replyTo;
            relay = system.systemActorOf(Behaviors.receiveMessage(answer -> {
                toScheduler(target, answer);
                return Behaviors.same();
            }), "chaos-relay-" + (relays.size() + 1), dispatcher);
            relays.put(replyTo, relay);
        }
        return (ActorRef<A>) (ActorRef<?>) relay;
    }

    private void toScheduler(ActorRef<Answer> target, Answer answer) {
        if (answer instanceof HoldLost) {
            target.tell(answer);
            return;
        }
        String job = answer instanceof CheckpointReply c ? "|" + c.job()
                : answer instanceof SuspendReply s ? "|" + s.job()
                : answer instanceof StepReply s ? "|" + s.step() + "|" + s.job() : "";
        perturb(answer.getClass().getSimpleName() + "|" + answer.unit() + "|" + answer.tx() + job,
                () -> target.tell(answer));
    }

    /** Delivers, drops, duplicates or delays the message {@code identity}, as the seeded draw for it says. */
    private synchronized void perturb(String identity, Runnable delivery) {
        int occurrence = sent.merge(identity, 1, Integer::sum);
        SplittableRandom random = new SplittableRandom(mix(ledger.seed(), identity.hashCode(), occurrence));
        Chaos chaos = ledger.chaos();
        double u = random.nextDouble();
        if (u < chaos.drop()) {
            ledger.dropped();
        } else if (u < chaos.drop() + chaos.duplicate()) {
            ledger.duplicated();
            delivery.run();
            courier.tell(new Hop(delivery, 1 + random.nextInt(MAX_HOPS)));
        } else if (u < chaos.drop() + chaos.duplicate() + chaos.delay()) {
            ledger.delayed();
            courier.tell(new Hop(delivery, 1 + random.nextInt(MAX_HOPS)));
        } else {
            delivery.run();
        }
    }

    /** A seed for one message's draw: SplitMix64's finaliser over the run's seed, the identity and the occurrence. */
    private static long mix(long seed, int identity, int occurrence) {
        long z = seed * 0x9E3779B97F4A7C15L + ((long) identity << 32 | (occurrence & 0xFFFFFFFFL));
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
