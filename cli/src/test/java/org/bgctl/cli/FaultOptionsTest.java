package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgctl replay --faults / --fault-model / --fault-KIND / --on-kill}. */
class FaultOptionsTest {

    @TempDir
    Path dir;

    /** Two 4-node jobs on flat:4, the second waiting for the first. */
    private Path twoJobs() throws Exception {
        return CliRun.trace(dir, "two.swf", "; MaxNodes: 4", job(1, 0, 100, 4, 100), job(2, 10, 50, 4, 50));
    }

    @Test
    void aFaultFileKillsAndRequeuesAndTheSummaryShowsIt() throws Exception {
        Path faults = Files.write(dir.resolve("f.txt"), List.of("# node 2 fails for a while", "30 node-2 down",
                "40 node-2 up"));
        Path out = dir.resolve("run");
        CliRun run = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--journal", "memory", "--faults",
                faults.toString(), "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().contains("faults.requeues            1"), run.out());
        assertTrue(run.out().contains("faults.invariant_violations 0"), run.out());
        JsonNode f = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("faults");
        assertEquals("requeue", f.get("on_kill").asText());
        assertEquals(1, f.get("kills").asLong());
        assertEquals(30 * 4 / 3600.0, f.get("node_hours_lost").asDouble(), 1e-6);
        List<String> csv = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(csv.get(1).startsWith("1,"), csv.get(1));
        assertTrue(csv.get(1).contains(",completed"), "job 1 ran again and completed: " + csv.get(1));
    }

    @Test
    void failingKilledJobsIsRecorded() throws Exception {
        Path out = dir.resolve("fail");
        CliRun run = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--journal", "memory",
                "--fault-node", "exponential(50)/exponential(10)", "--seed", "3", "--on-kill", "fail",
                "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        JsonNode f = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("faults");
        assertEquals("fail", f.get("on_kill").asText());
        assertEquals("exponential(50)/exponential(10)", f.get("fault_model").get("node").asText());
        assertEquals(3, f.get("seed").asLong());
    }

    @Test
    void aRunWithoutFaultsRecordsItsOwnSeed() throws Exception {
        Path out = dir.resolve("seeded");
        CliRun run = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--journal", "memory",
                "--executor", "direct", "--seed", "7", "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        JsonNode f = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("faults");
        assertEquals(7, f.get("seed").asLong(), f.toString());
    }

    @Test
    void aBadFaultLineIsExitTwoNamingFileLineAndField() throws Exception {
        Path faults = Files.write(dir.resolve("bad.txt"), List.of("30 node-2 down", "40 node-9 down"));
        CliRun run = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--faults", faults.toString(),
                "--out", dir.resolve("bad").toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains(faults + ":2: field 2 (component): flat:4 has no component 'node-9'"), run.err());
        assertFalse(Files.exists(dir.resolve("bad").resolve("summary.json")));
    }

    @Test
    void anUnknownKillPolicyALawForAKindTheMachineLacksOrFaultsWithGangsAreExitTwo() throws Exception {
        CliRun policy = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--on-kill", "retry");
        assertEquals(2, policy.exit(), policy.toString());
        assertTrue(policy.err().contains("unknown kill policy 'retry'; known: requeue, fail"), policy.err());
        CliRun law = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--fault-midplane",
                "exponential(5)/exponential(5)");
        assertEquals(2, law.exit(), law.toString());
        assertTrue(law.err().contains("flat:4 has no midplane components"), law.err());
        CliRun gang = CliRun.of("replay", "--trace", twoJobs().toString(), "--quiet", "--scheduler", "pfcfs",
                "--fault-node", "exponential(5)/exponential(5)");
        assertEquals(2, gang.exit(), gang.toString());
        assertTrue(gang.err().contains("faults: not supported with scheduler pfcfs"), gang.err());
    }
}
