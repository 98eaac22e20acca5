package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.Partition;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SDSC-SP2 excerpt on bgl with the shipped static and overlap block layouts (its 128 nodes taken as the 128
 * midplanes, half the jobs tori): the actors with the H2 journal schedule exactly as the direct executor does,
 * every job runs on a listed block, and the journal passes the audit.
 */
class LayoutReplayTest {
    private static final WorkloadOptions FREE = WorkloadOptions.builder().firstJobs(300)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0.5, 3)).build();

    @ParameterizedTest
    @ValueSource(strings = {"static:../config/layouts/bgl-static.conf", "overlap:../config/layouts/bgl-overlap.conf"})
    void actorsScheduleAsTheDirectExecutorOnListedBlocksOnly(String layout, @TempDir Path dir) throws Exception {
        String machine = "bgl,layout=" + layout;
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        Runs.replay(Runs.SDSC, machine, "easy", FREE, ExecutorKind.ACTORS, JournalKind.H2, actors);
        Runs.replay(Runs.SDSC, machine, "easy", FREE, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        Runs.assertSameOutputs(direct, actors);

        BglMachineModel model = (BglMachineModel) MachineCatalog.create(machine);
        Set<String> blocks = model.blockLayout().orElseThrow().blocks().stream()
                .map(b -> b.base() + " " + b.shape() + " " + b.topology()).collect(Collectors.toSet());
        List<String> csv = Runs.lines(actors.resolve("jobs.csv"));
        int partition = List.of(csv.get(0).split(",")).indexOf("partition");
        long started = 0;
        for (String line : csv.subList(1, csv.size())) {
            String name = line.split(",", -1)[partition];
            if (name.isEmpty()) continue;
            Partition p = model.partition(new Allocation(name, List.of()));
            assertTrue(blocks.contains(p.base() + " " + p.shape() + " " + p.topology()), name + " is no listed block");
            started++;
        }
        assertTrue(started > 250, "most jobs ran: " + started);
        assertTrue(csv.stream().anyMatch(l -> l.contains(":torus:")), "some jobs ran on tori");

        RecordedRun audit = new RecordedRun(MachineCatalog.create(machine));
        JournalReader.read(actors, audit);
        assertEquals(List.of(), audit.violations());
        assertEquals(audit.started(), audit.ended());
    }
}
