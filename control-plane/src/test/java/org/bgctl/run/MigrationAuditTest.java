package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The allocation audit follows migrations: a krevat-bm run of the SDSC excerpt, whose migrations checkpoint jobs and
 * restart them elsewhere, audits clean from its journal; the same journal with one job restarted on a partition
 * another job holds does not.
 */
class MigrationAuditTest {

    private static final String MACHINE = "supernode:4x4x8/1";

    @Test
    void aRunWithMigrationsAuditsCleanAndAMigrationOntoAHeldPartitionIsFound(@TempDir Path dir) throws IOException {
        Runs.replay(Runs.SDSC, MACHINE, "krevat-bm", WorkloadOptions.builder().firstJobs(300).build(),
                ExecutorKind.ACTORS, JournalKind.H2, dir);
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(dir, events::add);
        RecordedRun clean = audit(events);
        assertEquals(List.of(), clean.violations());
        assertEquals(0, clean.running().size());

        int first = -1;
        for (int i = 0; i < events.size() && first < 0; i++) if (events.get(i) instanceof JobMigrated) first = i;
        assertTrue(first >= 0 && events.get(first + 1) instanceof JobMigrated, "no migration of two jobs in the run");
        JobMigrated a = (JobMigrated) events.get(first);
        JobMigrated b = (JobMigrated) events.get(first + 1);
        events.set(first + 1, new JobMigrated(b.jobId(), b.time(), a.allocation(), b.cost()));
        List<String> found = audit(events).violations();
        assertTrue(!found.isEmpty() && found.get(0).contains("job " + b.jobId() + " migrates to partition "
                + a.allocation().partition() + ", which is not free"), found.toString());
    }

    private static RecordedRun audit(List<SchedulerEvent> events) {
        RecordedRun run = new RecordedRun(MachineCatalog.create(MACHINE));
        events.forEach(run::accept);
        return run;
    }
}
