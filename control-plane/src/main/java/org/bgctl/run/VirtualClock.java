package org.bgctl.run;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerActor;

/**
 * Virtual time: releases one timestamp at a time — the earliest of the next arrival, the next
 * instant the scheduler has something due (a running job's real end, or an instant its policy
 * asked for) and, while jobs remain, the next health change — and moves on only when the scheduler reports that every
 * protocol started at that instant has completed. It never reads the wall clock. When nothing
 * is left to happen it has the scheduler flush its journal and completes {@code done}.
 */
public final class VirtualClock extends AbstractBehavior<VirtualClock.Command> {

    /** What the clock accepts. */
    public interface Command {
    }

    private record Tick() implements Command {
    }

    private record WrappedSettled(SchedulerActor.Settled settled) implements Command {
    }

    private record WrappedFlushed(SchedulerActor.Flushed flushed) implements Command {
    }

    /**
     * How a virtual run ended.
     *
     * @param stamps        instants released
     * @param stillQueued   jobs that never started (nothing was left that could free room)
     * @param journaled     events in the journal
     * @param lastTime      the last instant released
     */
    public record Outcome(long stamps, int stillQueued, long journaled, long lastTime) {
    }

    private final ActorRef<SchedulerActor.Command> scheduler;
    private final Arrivals arrivals;
    private final HealthChanges health;
    private final CompletableFuture<Outcome> done;
    private final ActorRef<SchedulerActor.Settled> settledAdapter;
    private final ActorRef<SchedulerActor.Flushed> flushedAdapter;
    private long nextFinish = Long.MAX_VALUE;
    private long stamps;
    private int queued;
    private int running;
    private long lastTime = Long.MIN_VALUE;

    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, Arrivals arrivals,
                                           CompletableFuture<Outcome> done) {
        return create(scheduler, arrivals, HealthChanges.NONE, done);
    }

    /** A clock that also releases the instants of {@code health}'s changes. */
    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, Arrivals arrivals,
                                           HealthChanges health, CompletableFuture<Outcome> done) {
        return Behaviors.setup(ctx -> {
            ctx.getSelf().tell(new Tick());
            return new VirtualClock(ctx, scheduler, arrivals, health, done);
        });
    }

    private VirtualClock(ActorContext<Command> context, ActorRef<SchedulerActor.Command> scheduler,
                         Arrivals arrivals, HealthChanges health, CompletableFuture<Outcome> done) {
        super(context);
        this.scheduler = scheduler;
        this.arrivals = arrivals;
        this.health = health;
        this.done = done;
        this.settledAdapter = context.messageAdapter(SchedulerActor.Settled.class, WrappedSettled::new);
        this.flushedAdapter = context.messageAdapter(SchedulerActor.Flushed.class, WrappedFlushed::new);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Tick.class, t -> tick())
                .onMessage(WrappedSettled.class, this::onSettled)
                .onMessage(WrappedFlushed.class, this::onFlushed)
                .build();
    }

    private Behavior<Command> tick() {
        try {
            long t = HealthChanges.nextInstant(arrivals, nextFinish, queued > 0 || running > 0, health);
            if (t == Long.MAX_VALUE) {
                scheduler.tell(new SchedulerActor.Flush(flushedAdapter));
                return this;
            }
            List<HealthChange> changes = health.nextTime() == t ? health.takeAt(t) : List.of();
            List<Job> arriving = arrivals.takeAt(t);
            lastTime = t;
            scheduler.tell(new SchedulerActor.Advance(t, changes, arriving, settledAdapter));
            return this;
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return Behaviors.stopped();
        }
    }

    private Behavior<Command> onSettled(WrappedSettled w) {
        stamps++;
        nextFinish = w.settled().nextFinish();
        queued = w.settled().queued();
        running = w.settled().running();
        return tick();
    }

    private Behavior<Command> onFlushed(WrappedFlushed w) {
        done.complete(new Outcome(stamps, queued, w.flushed().events(), lastTime));
        return Behaviors.stopped();
    }
}
