package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.audit.WiringAudit;
import org.bgctl.scheduler.audit.WiringFile;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real BG/L runs of the committed SDSC excerpt, read back from their journals, pass the independent conflict model:
 * every partition's recorded claims are what bgl's wiring file says it uses, and no midplane, cable or switch port
 * is held twice — with backfilling (EASY) and with gang scheduling (pfcfs), whose suspended jobs keep their
 * partitions.
 */
class WiringAuditReplayTest {

    private static final WorkloadOptions SHAPED = WorkloadOptions.builder().firstJobs(200)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, true, 0.5, 3)).build();

    @Test
    void anEasyRunOnBglAuditsClean(@TempDir Path dir) throws IOException {
        assertClean(dir, "easy");
    }

    @Test
    void aGangRunOnBglAuditsClean(@TempDir Path dir) throws IOException {
        assertTrue(assertClean(dir, "pfcfs") > 0, "no context switch: the gang case is not exercised");
    }

    /** Returns the number of context switches in the run. */
    private static long assertClean(Path dir, String scheduler) throws IOException {
        Runs.replay(Runs.SDSC, "bgl", scheduler, SHAPED, ExecutorKind.ACTORS, JournalKind.H2, dir);
        WiringAudit audit = new WiringAudit(WiringFile.forMachine("bgl").orElseThrow());
        long[] switches = {0};
        JournalReader.read(dir, e -> {
            audit.accept(e);
            if (e instanceof ContextSwitched) switches[0]++;
        });
        assertTrue(audit.partitions() >= 150, "partitions checked: " + audit.partitions());
        assertEquals(List.of(), audit.violations());
        return switches[0];
    }
}
