package org.bgctl.run;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.stream.LongStream;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.JournalSchema;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobSubmitted;

/**
 * What the journal of an interrupted replay already holds, for {@link Replay#resume}: its events (to rebuild the
 * job table and the fault ledger), the ids of the jobs it submitted, in order, and its last instant. The journal holds
 * whole instants only, so every input due at or before that instant is in it and every later one is not.
 */
final class JournaledPrefix {

    /** A run that starts from an empty journal. */
    static final JournaledPrefix NONE = new JournaledPrefix(null);

    private final JournalLocation journal;
    private long[] submitted = new long[0];
    private long lastTime = Long.MIN_VALUE;

    private JournaledPrefix(JournalLocation journal) {
        this.journal = journal;
    }

    /** The events of {@code journal}, read by {@link #replayInto}; none when an H2 journal was never created. */
    static JournaledPrefix of(JournalLocation journal) {
        return JournalLocation.exists(journal.runDir()) ? new JournaledPrefix(journal) : NONE;
    }

    /** Streams every journaled event to {@code sink}, in order, noting the jobs submitted and the last instant. */
    void replayInto(EventSink sink) {
        if (journal == null) return;
        prepare(journal);
        LongStream.Builder ids = LongStream.builder();
        long[] last = {Long.MIN_VALUE};
        JournalReader.read(journal, e -> {
            if (e instanceof JobSubmitted s) ids.add(s.job().id());
            last[0] = Math.max(last[0], e.time());
            sink.accept(e);
        });
        submitted = ids.build().toArray();
        lastTime = last[0];
    }

    /** Creates the journal's tables if a kill came before the run did; an H2 file may exist without them. */
    private static void prepare(JournalLocation journal) {
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "bgctl-resume",
                journal.config().withFallback(ConfigFactory.load()));
        try {
            JournalSchema.prepareNow(journal.kind(), system);
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /** Takes from {@code health} the changes due at or before the last journaled instant: they are in the journal. */
    void skipDone(HealthChanges health) {
        while (health.nextTime() <= lastTime) health.takeAt(health.nextTime());
    }

    /**
     * The jobs of {@code trace} after those the journal submitted, which are read (so every draw of the workload is the
     * same) and dropped.
     *
     * @throws IllegalStateException when the trace's first jobs are not the journal's
     */
    Iterator<Job> skipSubmitted(Iterator<Job> trace) {
        for (int i = 0; i < submitted.length; i++) {
            Job job = next(trace, i);
            if (job.id() != submitted[i])
                throw new IllegalStateException("the journal's job " + (i + 1) + " is job " + submitted[i]
                        + " but the trace's is job " + job.id() + "; the journal is not this trace's");
        }
        return trace;
    }

    private Job next(Iterator<Job> trace, int i) {
        try {
            return trace.next();
        } catch (NoSuchElementException e) {
            throw new IllegalStateException("the journal submitted " + submitted.length + " jobs but the trace has only "
                    + i + "; the journal is not this trace's");
        }
    }
}
