package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.JournalSettings;
import org.bgctl.journal.JournalVerifier;
import org.bgctl.scheduler.event.EventBatchSerializer;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal written before the journal's compact event format, its entries in Jackson CBOR (serializer
 * {@code bgctl-cbor}, 7433) — the first 40 jobs of the SDSC excerpt on flat:128 with EASY, through the actors —
 * still verifies, rebuilds its jobs.csv and reads back the same events as the journal of the same replay now, whose
 * entries are compact ({@link EventBatchSerializer}).
 */
class JacksonJournalTest {

    private static final int BGCTL_CBOR = 7433;

    @TempDir
    Path dir;

    @Test
    void aJournalWrittenInJacksonCborIsStillReadAndHoldsWhatANewOneHolds() throws Exception {
        Path old = dir.resolve("jackson");
        Files.createDirectories(old);
        for (String file : List.of(JournalSettings.H2_FILE + ".mv.db", "jobs.csv")) {
            try (InputStream in = JacksonJournalTest.class.getResourceAsStream("/journals/jackson-cbor/" + file)) {
                Files.copy(in, old.resolve(file));
            }
        }
        assertEquals(Set.of(BGCTL_CBOR), serializers(old));
        JournalVerifier.Result verified = JournalVerifier.verify(JournalLocation.of(old));
        assertTrue(verified.firstBad().isEmpty(), verified.firstBad().toString());
        Runs.assertJournalRebuildsJobsCsv(old);

        WorkloadOptions d = WorkloadOptions.defaults();
        WorkloadOptions first40 = new WorkloadOptions(40, d.fromSubmit(), d.toSubmit(), d.sizeMultiply(), d.sizeDivide(),
                d.runtimeCoefficient(), d.arrivalScale(), d.estimateSource(), d.enforceWalltime(), d.geometry(),
                d.jobClasses(), d.firstKept());
        Path now = dir.resolve("compact");
        Runs.replay(Runs.SDSC, "flat:128", "easy", first40, ExecutorKind.ACTORS, JournalKind.H2, now);
        assertEquals(Set.of(EventBatchSerializer.IDENTIFIER), serializers(now));
        assertEquals(events(old), events(now));
        assertEquals(Files.readString(old.resolve("jobs.csv")), Files.readString(now.resolve("jobs.csv")));
    }

    private static List<SchedulerEvent> events(Path run) {
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, events::add);
        assertTrue(events.size() > 80, events.size() + " events");
        return events;
    }

    /** The serializer identifiers the journal's entries name. */
    private static Set<Integer> serializers(Path run) throws SQLException {
        Set<Integer> ids = new TreeSet<>();
        try (Connection c = DriverManager.getConnection(JournalSettings.h2Url(run), "sa", "");
             ResultSet r = c.createStatement().executeQuery("SELECT DISTINCT \"event_ser_id\" FROM \"event_journal\"")) {
            while (r.next()) ids.add(r.getInt(1));
        }
        return ids;
    }
}
