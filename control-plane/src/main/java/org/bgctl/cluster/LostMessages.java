package org.bgctl.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.eventstream.EventStream;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.bgctl.agents.ReportingCborSerializer;
import org.bgctl.agents.SerializationFailed;

/**
 * Fails a cluster run loudly when a message is lost to serialization. Akka logs a message it cannot serialize or
 * deserialize and drops it; {@link ReportingCborSerializer} also publishes a {@link SerializationFailed} on the
 * event stream of the member where it happened. On every member a {@link #reporter()} sends it to the driver's
 * {@link #stopper} (found through the receptionist), which fails the run with one line naming the message:
 * a run that lost a message is never reported as a success with another schedule.
 */
public final class LostMessages {

    /** The driver's stopper, as the receptionist lists it. */
    static final ServiceKey<SerializationFailed> STOPPER = ServiceKey.create(SerializationFailed.class, "lost-messages");

    private record Drivers(Receptionist.Listing listing) implements Event {
    }

    private record Lost(SerializationFailed failure) implements Event {
    }

    /** What a reporter hears. */
    private interface Event {
    }

    private LostMessages() {
    }

    /**
     * On every member (the driver included): tells every driver's stopper of each message this member's
     * serializer could not handle, holding the news until a stopper is known.
     */
    public static Behavior<?> reporter() {
        return Behaviors.<Event>setup(ctx -> {
            ctx.getSystem().eventStream().tell(new EventStream.Subscribe<>(SerializationFailed.class,
                    ctx.messageAdapter(SerializationFailed.class, Lost::new)));
            ctx.getSystem().receptionist().tell(Receptionist.subscribe(STOPPER,
                    ctx.messageAdapter(Receptionist.Listing.class, Drivers::new)));
            List<SerializationFailed> held = new ArrayList<>();
            List<ActorRef<SerializationFailed>> stoppers = new ArrayList<>();
            return Behaviors.receive(Event.class)
                    .onMessage(Lost.class, lost -> {
                        ctx.getLog().error(lost.failure().describe());
                        if (stoppers.isEmpty()) held.add(lost.failure());
                        for (ActorRef<SerializationFailed> s : stoppers) s.tell(lost.failure());
                        return Behaviors.same();
                    })
                    .onMessage(Drivers.class, drivers -> {
                        Set<ActorRef<SerializationFailed>> listed = drivers.listing().getServiceInstances(STOPPER);
                        stoppers.clear();
                        stoppers.addAll(listed);
                        for (SerializationFailed f : held) for (ActorRef<SerializationFailed> s : stoppers) s.tell(f);
                        if (!stoppers.isEmpty()) held.clear();
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    /** On the driver: fails {@code failed} with the first lost message any member reports. */
    public static Behavior<SerializationFailed> stopper(CompletableFuture<?> failed) {
        return Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(Receptionist.register(STOPPER, ctx.getSelf()));
            return Behaviors.receive(SerializationFailed.class)
                    .onMessage(SerializationFailed.class, lost -> {
                        failed.completeExceptionally(new IllegalStateException(lost.describe()));
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
