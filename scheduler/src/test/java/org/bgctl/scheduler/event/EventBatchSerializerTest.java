package org.bgctl.scheduler.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializers;
import java.io.NotSerializableException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Block;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;

/**
 * Every kind of {@link SchedulerEvent}, with generated fields, comes back equal from the journal's compact form
 * ({@link EventBatchSerializer}), and equal to what the Jackson serializer that wrote the journals before reads back;
 * the actor system writes batches compactly and still reads what Jackson wrote.
 */
class EventBatchSerializerTest {

    private static ActorTestKit kit;

    private final EventBatchSerializer compact = new EventBatchSerializer();

    @Property(tries = 300)
    void aBatchComesBackEqual(@ForAll("batches") EventBatch batch) throws Exception {
        EventBatch back = (EventBatch) compact.fromBinary(compact.toBinary(batch), compact.manifest(batch));
        assertEquals(batch, back);
        assertEquals(jacksonRoundTrip(batch), back);
    }

    @Example
    void everyEventTypeIsGenerated() {
        // the generator below makes every type listed here; a new event type fails this until both take it
        Set<Class<?>> permitted = Arrays.stream(SchedulerEvent.class.getPermittedSubclasses())
                .flatMap(c -> c.isInterface() ? Arrays.stream(c.getPermittedSubclasses()) : java.util.stream.Stream.of(c))
                .collect(Collectors.toSet());
        assertEquals(permitted, GENERATED);
    }

    @Example
    void theActorSystemWritesBatchesCompactlyAndReadsWhatJacksonWrote() throws Exception {
        Serialization serialization = SerializationExtension.get(kit().system());
        EventBatch batch = new EventBatch(List.of(new JobSubmitted(Job.of(1, 0, 10, 20, 4)),
                new JobStarted(1, 5, new Allocation("ns-0", List.of(new NodeClaim("ns-0", 4))))));
        assertEquals(EventBatchSerializer.class, serialization.findSerializerFor(batch).getClass());
        byte[] bytes = serialization.serialize(batch).get();
        assertEquals(batch, serialization.deserialize(bytes, EventBatchSerializer.IDENTIFIER,
                EventBatchSerializer.VERSION_1).get());

        var jackson = serialization.serializerByIdentity().apply(7433);
        byte[] old = jackson.toBinary(batch);
        assertEquals(batch, serialization.deserialize(old, 7433, Serializers.manifestFor(jackson, batch)).get());
    }

    @Example
    void malformedBytesAreRefused() {
        byte[] bytes = compact.toBinary(new EventBatch(List.of(new JobFinished(3, 9))));
        assertThrows(NotSerializableException.class, () -> compact.fromBinary(Arrays.copyOf(bytes, bytes.length - 1), "1"));
        assertThrows(NotSerializableException.class, () -> compact.fromBinary(bytes, "2"));
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThrows(NotSerializableException.class, () -> compact.fromBinary(longer, "1"));
    }

    @AfterContainer
    static void stop() {
        if (kit != null) kit.shutdownTestKit();
    }

    private static ActorTestKit kit() {
        if (kit == null) kit = ActorTestKit.create("event-batches");
        return kit;
    }

    private static EventBatch jacksonRoundTrip(EventBatch batch) throws Exception {
        Serialization serialization = SerializationExtension.get(kit().system());
        var jackson = serialization.serializerByIdentity().apply(7433);
        String manifest = Serializers.manifestFor(jackson, batch);
        return (EventBatch) serialization.deserialize(jackson.toBinary(batch), 7433, manifest).get();
    }

    private static final Set<Class<?>> GENERATED = Set.of(JobSubmitted.class, JobStarted.class, JobFinished.class,
            JobKilled.class, BlockBooted.class, BootFailed.class, BlockFreed.class, JobCancelled.class,
            JobRequeued.class, ComponentFailed.class, ComponentRepaired.class, MigrationAttempted.class,
            JobCheckpointed.class, JobMigrated.class, ContextSwitched.class, ReservationPlaced.class,
            ReservationCancelled.class);

    @Provide
    Arbitrary<EventBatch> batches() {
        return Arbitraries.oneOf(List.of(
                jobs().map(JobSubmitted::new),
                Combinators.combine(ids(), times(), allocations(), longs(), nullableNames(), longs(),
                        Arbitraries.of(true, false), Arbitraries.of(true, false)).as(JobStarted::new),
                Combinators.combine(ids(), times()).as(JobFinished::new),
                Combinators.combine(ids(), times(), nullableNames()).as(JobKilled::new),
                Combinators.combine(ids(), times()).as(BlockBooted::new),
                Combinators.combine(ids(), times(), names()).as(BootFailed::new),
                Combinators.combine(ids(), times()).as(BlockFreed::new),
                Combinators.combine(ids(), times()).as(JobCancelled::new),
                Combinators.combine(jobs(), times()).as(JobRequeued::new),
                Combinators.combine(names(), times()).as(ComponentFailed::new),
                Combinators.combine(names(), times()).as(ComponentRepaired::new),
                Combinators.combine(ids(), times(), Arbitraries.integers(), Arbitraries.integers(),
                        Arbitraries.of(true, false)).as(MigrationAttempted::new),
                Combinators.combine(ids(), times()).as(JobCheckpointed::new),
                Combinators.combine(ids(), times(), allocations(), longs()).as(JobMigrated::new),
                Combinators.combine(ids(), times(), Arbitraries.integers(), ids().list().ofMaxSize(4),
                        ids().list().ofMaxSize(4), Arbitraries.of(true, false), longs()).as(ContextSwitched::new),
                Combinators.combine(reservations(), times()).as(ReservationPlaced::new),
                Combinators.combine(names(), times()).as(ReservationCancelled::new)))
                .map(SchedulerEvent.class::cast).list().ofMaxSize(12).map(EventBatch::new);
    }

    private static Arbitrary<Long> ids() {
        return Arbitraries.longs().between(0, Long.MAX_VALUE);
    }

    private static Arbitrary<Long> times() {
        return Arbitraries.oneOf(List.of(Arbitraries.longs().between(0, 2_000_000_000L), Arbitraries.longs()));
    }

    private static Arbitrary<Long> longs() {
        return Arbitraries.longs();
    }

    private static Arbitrary<String> names() {
        return Arbitraries.oneOf(List.of(Arbitraries.of("R00-M0", "ns-0", "mp-R311", "sw-x-3"),
                Arbitraries.strings().ofMaxLength(20)));
    }

    private static Arbitrary<String> nullableNames() {
        return names().injectNull(0.3);
    }

    private static Arbitrary<Job> jobs() {
        Arbitrary<Geometry> geometry = Arbitraries.oneOf(List.of(Arbitraries.just(Geometry.ANY),
                Combinators.combine(Arbitraries.integers().between(1, 8), Arbitraries.integers().between(1, 8),
                        Arbitraries.integers().between(1, 8), Arbitraries.of(true, false), Arbitraries.of(Topology.class))
                        .as((x, y, z, r, t) -> Geometry.box(new Shape(x, y, z), r, t)),
                Arbitraries.of(Topology.class).map(Geometry::anyShape)));
        Arbitrary<Communication> communication = Arbitraries.oneOf(List.of(Arbitraries.just(Communication.NOT_INTENSIVE),
                Arbitraries.doubles().between(0, 0.99).map(Communication::intensive)));
        Arbitrary<Integer> small = Arbitraries.integers().between(-1, 10_000);
        Arbitrary<long[]> times = Combinators.combine(ids(), Arbitraries.longs().between(0, 2_000_000_000L),
                        Arbitraries.longs().between(0, 10_000_000), Arbitraries.longs().between(0, 1_000_000),
                        Arbitraries.longs().between(-1, 1_000_000))
                .as((id, submit, runtime, extra, requested) -> new long[]{id, submit, runtime, runtime + extra, requested});
        return Combinators.combine(times, Arbitraries.integers().between(1, 100_000), small, small, small, small,
                        Arbitraries.of(true, false), geometry)
                .as((t, size, user, group, executable, queue, killed, g) -> new Job(t[0], t[1], t[2], t[3], size, t[4],
                        user, group, executable, queue, killed, g))
                .flatMap(j -> communication.map(j::withCommunication));
    }

    private static Arbitrary<Allocation> allocations() {
        Arbitrary<Claim> nodes = Combinators.combine(names(), Arbitraries.integers().between(0, 64),
                Arbitraries.integers().between(1, 8), Arbitraries.of(true, false), Arbitraries.integers().between(0, 3))
                .as((unit, x, width, contiguous, more) -> contiguous
                        ? new NodeClaim(unit, width * 2, List.of(new Block(x, 1, width, 2)), true)
                        : more == 0 ? new NodeClaim(unit, width)
                        : new NodeClaim(unit, width + more, List.of(Block.run(x, width), Block.run(x + width + 1, more)), false));
        Arbitrary<Claim> ports = Combinators.combine(names(), Arbitraries.integers()).as(PortClaim::new);
        return Combinators.combine(names().injectNull(0.1), Arbitraries.oneOf(List.of(nodes, ports)).list().ofMaxSize(5))
                .as(Allocation::new);
    }

    private static Arbitrary<Reservation> reservations() {
        return Combinators.combine(names(), Arbitraries.longs().between(0, 1_000_000), Arbitraries.longs().between(1, 1_000_000),
                Arbitraries.integers().between(1, 10_000), names().list().ofMaxSize(3), Arbitraries.of(true, false))
                .as((name, start, length, nodes, units, all) -> new Reservation(name, start, start + length, nodes, units, all));
    }
}
