package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.bgctl.agents.CborSerializable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two actor systems on loopback, a driver and a member, joined as a bgctl cluster: a message the member cannot
 * deserialize — a one-component record without {@code @JsonCreator}, as {@code UnitProtocol.Resume} once was —
 * is reported by the member to the driver, whose run fails with one line naming the message and the member.
 */
class LostMessagesTest {

    /** Written by the driver, never read back by the member (Jackson 2.11 needs a creator for one component). */
    record Unreadable(long job) implements CborSerializable {
    }

    private static final ServiceKey<CborSerializable> SINK = ServiceKey.create(CborSerializable.class, "sink");

    private ActorSystem<?> driver;
    private ActorSystem<?> member;

    @AfterEach
    void stop() {
        TestMembers.terminate(member, driver);
    }

    @Test
    void aMessageAMemberCannotReadFailsTheDriversRun() throws Exception {
        int driverPort = FreePorts.any();
        int memberPort = FreePorts.any();
        String seed = "127.0.0.1:" + driverPort;
        CompletableFuture<Object> run = new CompletableFuture<>();

        member = ActorSystem.create(Behaviors.setup(ctx -> {
            ctx.spawn(LostMessages.reporter(), "lost-messages");
            ActorRef<CborSerializable> sink = ctx.spawn(Behaviors.ignore(), "sink");
            ctx.getSystem().receptionist().tell(Receptionist.register(SINK, sink));
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config(memberPort, seed, List.of()));
        driver = ActorSystem.create(Behaviors.setup(ctx -> {
            ctx.spawn(LostMessages.stopper(run), "lost-messages-stopper");
            ctx.spawn(LostMessages.reporter(), "lost-messages");
            ctx.spawn(sender(), "sender");
            return Behaviors.empty();
        }), ClusterOptions.SYSTEM, config(driverPort, seed, List.of(ClusterScheduler.DRIVER_ROLE)));

        ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> run.get(60, TimeUnit.SECONDS));
        String line = failed.getCause().getMessage();
        assertTrue(line.startsWith("message " + Unreadable.class.getName() + " could not be deserialized on akka://"
                + ClusterOptions.SYSTEM + "@127.0.0.1:" + memberPort), line);
        assertTrue(line.contains("MismatchedInputException") && !line.contains("\n"), line);
    }

    /** Sends {@link Unreadable} to every sink the receptionist lists on another member. */
    private static Behavior<Receptionist.Listing> sender() {
        return Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(Receptionist.subscribe(SINK, ctx.getSelf()));
            return Behaviors.receive(Receptionist.Listing.class)
                    .onMessage(Receptionist.Listing.class, listing -> {
                        for (ActorRef<CborSerializable> sink : listing.getServiceInstances(SINK))
                            if (!sink.path().address().equals(ctx.getSystem().address())) sink.tell(new Unreadable(42));
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    private static com.typesafe.config.Config config(int port, String seed, List<String> roles) {
        return new ClusterOptions("127.0.0.1", port, List.of(seed), 1).config(roles)
                .withFallback(ConfigFactory.parseString("akka.cluster.jmx.multi-mbeans-in-same-jvm = on"))
                .withFallback(ConfigFactory.load());
    }
}
