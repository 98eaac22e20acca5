package org.bgctl.bench;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.agents.ReportingCborSerializer;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.EventBatchSerializer;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The journal's two serializers on the events of a run's journal, in batches of GROUP events as a virtual-time
 * replay journals them: Jackson CBOR ({@link ReportingCborSerializer}, which wrote journals before) and the compact
 * form ({@link EventBatchSerializer}). Each round writes every batch, then reads every batch back, with each
 * serializer; prints the milliseconds and the bytes written. The first round is what a single command pays.
 * Usage: {@code JournalSerializerBench RUN_DIR [GROUP] [ROUNDS]}.
 */
public final class JournalSerializerBench {

    private JournalSerializerBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: JournalSerializerBench RUN_DIR [GROUP] [ROUNDS]");
            System.exit(2);
        }
        int group = args.length > 1 ? Integer.parseInt(args[1]) : 4096;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(Path.of(args[0]), events::add);
        List<EventBatch> batches = new ArrayList<>();
        for (int i = 0; i < events.size(); i += group)
            batches.add(new EventBatch(events.subList(i, Math.min(events.size(), i + group))));
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "bgctl-bench");
        try {
            Serialization serialization = SerializationExtension.get(system);
            Serializer jackson = serialization.serializerByIdentity().apply(7433);
            Serializer compact = serialization.serializerByIdentity().apply(EventBatchSerializer.IDENTIFIER);
            System.out.printf("%d events in %d batches of up to %d%n", events.size(), batches.size(), group);
            for (int round = 1; round <= rounds; round++) {
                for (Serializer serializer : List.of(jackson, compact)) {
                    long start = System.nanoTime();
                    List<byte[]> written = new ArrayList<>();
                    long bytes = 0;
                    for (EventBatch b : batches) {
                        byte[] w = serializer.toBinary(b);
                        written.add(w);
                        bytes += w.length;
                    }
                    long wrote = System.nanoTime();
                    String manifest = Serializers.manifestFor(serializer, batches.get(0));
                    for (byte[] w : written) serialization.deserialize(w, serializer.identifier(), manifest).get();
                    long read = System.nanoTime();
                    System.out.printf("round %d  %-24s write %6.0f ms  read %6.0f ms  %,12d bytes%n", round,
                            serializer.getClass().getSimpleName(), (wrote - start) / 1e6, (read - wrote) / 1e6, bytes);
                }
            }
        } finally {
            system.terminate();
        }
    }
}
