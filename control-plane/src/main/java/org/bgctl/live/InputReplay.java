package org.bgctl.live;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import org.bgctl.run.VirtualClock;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerActor;

/**
 * Virtual time over a recorded serve run's inputs ({@link JournalInputs}): the instants and the
 * operations come in the order the server took them — an operation after every end due by its time,
 * followed by a pass at the same instant, as {@link LiveClock} does — as fast as the machine allows.
 * When the inputs are used up the jobs still running are run to their ends. Paced by a {@link TimeScale},
 * each step waits for its virtual second to begin on the wall clock (k virtual seconds per second); the
 * steps and their order are the same, only later.
 */
public final class InputReplay extends AbstractBehavior<InputReplay.Command> {

    /** What the replay accepts. */
    public interface Command {
    }

    private record WrappedSettled(SchedulerActor.Settled settled) implements Command {
    }

    private record OperationDone(long time, String failure) implements Command {
    }

    private record WrappedFlushed(SchedulerActor.Flushed flushed) implements Command {
    }

    private record Wake() implements Command {
    }

    private final ActorRef<SchedulerActor.Command> scheduler;
    private final Deque<JournalInputs.Input> inputs;
    private final CompletableFuture<VirtualClock.Outcome> done;
    private final ActorRef<SchedulerActor.Settled> settledAdapter;
    private final Optional<TimeScale> pace;
    private final TimerScheduler<Command> timers;
    private long nextFinish = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long stamps;
    private int queued;

    /**
     * @param speed virtual seconds per wall second from virtual time 0 at the start, or none for virtual time
     *              (as fast as the machine allows)
     */
    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, List<JournalInputs.Input> inputs,
                                           CompletableFuture<VirtualClock.Outcome> done, OptionalDouble speed) {
        return Behaviors.withTimers(timers -> Behaviors.setup(ctx -> new InputReplay(ctx, timers, scheduler, inputs,
                done, speed.isPresent() ? Optional.of(new TimeScale(0, System.nanoTime(), speed.getAsDouble()))
                        : Optional.empty()).next()));
    }

    private InputReplay(ActorContext<Command> context, TimerScheduler<Command> timers,
                        ActorRef<SchedulerActor.Command> scheduler, List<JournalInputs.Input> inputs,
                        CompletableFuture<VirtualClock.Outcome> done, Optional<TimeScale> pace) {
        super(context);
        this.timers = timers;
        this.pace = pace;
        this.scheduler = scheduler;
        this.inputs = new ArrayDeque<>(inputs);
        this.done = done;
        this.settledAdapter = context.messageAdapter(SchedulerActor.Settled.class, WrappedSettled::new);
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(WrappedSettled.class, w -> {
                    stamps++;
                    nextFinish = w.settled().nextFinish();
                    queued = w.settled().queued();
                    return next();
                })
                .onMessage(OperationDone.class, this::onOperationDone)
                .onMessage(Wake.class, w -> next())
                .onMessage(WrappedFlushed.class, w -> {
                    done.complete(new VirtualClock.Outcome(stamps, queued, w.flushed().events(), last));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<Command> next() {
        JournalInputs.Input input = inputs.peekFirst();
        long step = input == null ? nextFinish : Math.min(nextFinish, input.time());
        if (pace.isPresent() && step != Long.MAX_VALUE) {
            long wait = pace.get().dueNanos(step) - System.nanoTime();
            if (wait > 0) {
                timers.startSingleTimer(new Wake(), Duration.ofNanos(wait));
                return this;
            }
        }
        if (input == null) {
            if (nextFinish == Long.MAX_VALUE) {
                scheduler.tell(new SchedulerActor.Flush(getContext().messageAdapter(SchedulerActor.Flushed.class,
                        WrappedFlushed::new)));
                return this;
            }
            return advance(nextFinish, List.of());
        }
        if (input instanceof JournalInputs.Arrival a) {
            if (nextFinish < a.time() || (nextFinish == a.time() && a.afterInstant())) return advance(nextFinish, List.of());
            inputs.removeFirst();
            return advance(a.time(), new ArrayList<>(a.jobs()));
        }
        JournalInputs.Operation op = (JournalInputs.Operation) input;
        if (nextFinish <= op.time()) return advance(nextFinish, List.of());
        inputs.removeFirst();
        getContext().askWithStatus(Done.class, scheduler, Duration.ofSeconds(30), replyTo -> switch (op.kind()) {
                    case CANCEL -> new SchedulerActor.Cancel(op.jobId(), replyTo);
                    case FAIL -> new SchedulerActor.SetComponentHealth(op.component(), false, replyTo);
                    case REPAIR -> new SchedulerActor.SetComponentHealth(op.component(), true, replyTo);
                    case RESTART -> new SchedulerActor.RequeueRunning(RestartPolicy.COMPONENT, replyTo);
                },
                (ok, failure) -> new OperationDone(op.time(), failure == null ? null : op + ": " + failure.getMessage()));
        return this;
    }

    private Behavior<Command> onOperationDone(OperationDone d) {
        if (d.failure() != null) {
            done.completeExceptionally(new IllegalStateException("the replay refused a recorded operation: " + d.failure()));
            return Behaviors.stopped();
        }
        return advance(Math.max(last, d.time()), List.of());
    }

    private Behavior<Command> advance(long t, List<Job> arrivals) {
        last = Math.max(last, t);
        scheduler.tell(new SchedulerActor.Advance(last, arrivals, settledAdapter));
        return this;
    }
}
