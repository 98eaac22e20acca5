package org.bgctl.live;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.bgctl.run.VirtualClock;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerActor;

/**
 * Virtual time over a recorded serve run's inputs ({@link JournalInputs}): the instants and the
 * operations come in the order the server took them — an operation after every end due by its time,
 * followed by a pass at the same instant, as {@link LiveClock} does — as fast as the machine allows.
 * When the inputs are used up the jobs still running are run to their ends.
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

    private final ActorRef<SchedulerActor.Command> scheduler;
    private final Deque<JournalInputs.Input> inputs;
    private final CompletableFuture<VirtualClock.Outcome> done;
    private final ActorRef<SchedulerActor.Settled> settledAdapter;
    private long nextFinish = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long stamps;
    private int queued;

    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, List<JournalInputs.Input> inputs,
                                           CompletableFuture<VirtualClock.Outcome> done) {
        return Behaviors.setup(ctx -> new InputReplay(ctx, scheduler, inputs, done).next());
    }

    private InputReplay(ActorContext<Command> context, ActorRef<SchedulerActor.Command> scheduler,
                        List<JournalInputs.Input> inputs, CompletableFuture<VirtualClock.Outcome> done) {
        super(context);
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
                .onMessage(WrappedFlushed.class, w -> {
                    done.complete(new VirtualClock.Outcome(stamps, queued, w.flushed().events(), last));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<Command> next() {
        JournalInputs.Input input = inputs.peekFirst();
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
