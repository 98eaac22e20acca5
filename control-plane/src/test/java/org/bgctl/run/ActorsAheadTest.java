package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.Pacing;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The actor system started ahead of its replay: taken by a replay of its kind, which then writes what a replay on a
 * system of its own writes, its H2 journal placed in its run directory; stopped, and the replay correct all the same,
 * when the kinds differ.
 */
class ActorsAheadTest {

    private static final WorkloadOptions FIRST_300 = WorkloadOptions.builder().firstJobs(300).build();

    @AfterEach
    void nothingLeftAhead() {
        LocalActors left = ActorsAhead.take(SystemKind.virtual(JournalKind.H2));
        if (left != null) left.close();
    }

    private static ReplaySpec spec(JournalKind journal, Path out) {
        return new ReplaySpec(Runs.SDSC, "flat:128", "easy", FIRST_300, false, out, journal, ExecutorKind.ACTORS);
    }

    @Test
    void aReplayOfTheKindTakesTheSystemAndOnlyOnce() {
        ActorsAhead.start(JournalKind.H2);
        ActorsAhead.start(JournalKind.MEMORY); // one ahead at most: this starts nothing
        assertEquals(SystemKind.virtual(JournalKind.H2), SystemKind.of(spec(JournalKind.H2, Path.of("x")),
                Pacing.VIRTUAL));
        LocalActors taken = ActorsAhead.take(SystemKind.virtual(JournalKind.H2));
        assertNotNull(taken);
        assertNull(ActorsAhead.take(SystemKind.virtual(JournalKind.H2)));
        taken.close();
    }

    @Test
    void aReplayOfAnotherKindTakesNothing() {
        ActorsAhead.start(JournalKind.MEMORY);
        assertNull(ActorsAhead.take(SystemKind.virtual(JournalKind.H2)));
        assertNull(ActorsAhead.take(SystemKind.virtual(JournalKind.MEMORY)), "the other kind's was stopped");
        ActorsAhead.start(JournalKind.H2);
        assertNull(ActorsAhead.take(SystemKind.of(spec(JournalKind.H2, Path.of("x")),
                Pacing.scaled(100, new Lateness()))), "a scaled clock's system is not a virtual one's");
        ActorsAhead.start(JournalKind.POSTGRES);
        assertNull(ActorsAhead.take(SystemKind.virtual(JournalKind.POSTGRES)), "a postgres journal starts nothing");
    }

    /**
     * A durable replay after a system of {@code ahead}'s kind was started ahead writes what one on a system of its own
     * writes, and its journal rebuilds its jobs.csv; nothing is left ahead after it.
     */
    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "MEMORY"})
    void aDurableReplayWritesWhatOneOnASystemOfItsOwnWrites(JournalKind ahead, @TempDir Path dir) throws Exception {
        Path own = dir.resolve("own");
        Path after = dir.resolve("after");
        replay(own);
        ActorsAhead.start(ahead);
        replay(after);
        assertNull(ActorsAhead.take(SystemKind.virtual(ahead)), "taken, or stopped when of another kind");
        Runs.assertSameOutputs(own, after);
        assertTrue(Files.isRegularFile(after.resolve("journal.mv.db")));
        Runs.assertJournalRebuildsJobsCsv(after);
    }

    private static void replay(Path out) throws Exception {
        Replay.run(spec(JournalKind.H2, out), ActorHost.LOCAL, OptionalDouble.empty(), Progress.none(),
                Duration.ofHours(1));
    }
}
