package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.bgctl.cli.CliRun.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Registering a scheduler is the one step that makes it available: {@link HoldBack}, written and registered here
 * (its setting's default in this module's test reference.conf), runs through {@code bgctl replay} with its option,
 * and replay, serve and sweep list it and its setting.
 */
class RegisteredSchedulerTest {

    @TempDir
    Path dir;

    /** Four jobs of 4 nodes at 0, 10, 20, 30 s on flat:8. */
    private Path fourJobs() throws Exception {
        return trace(dir, "four.swf", "; MaxNodes: 8", job(1, 0, 50, 4, 100), job(2, 10, 50, 4, 100),
                job(3, 20, 50, 4, 100), job(4, 30, 50, 4, 100));
    }

    /** wait_s of each job in a run's jobs.csv. */
    private static List<Long> waits(Path run) throws Exception {
        List<String> lines = Files.readAllLines(run.resolve("jobs.csv"));
        int column = List.of(lines.get(0).split(",")).indexOf("wait_s");
        return lines.stream().skip(1).map(l -> Long.parseLong(l.split(",")[column])).toList();
    }

    @Test
    void aSchedulerRegisteredHereRunsThroughReplayWithItsOption() throws Exception {
        Path trace = fourJobs();
        try (PolicyRegistry.Registration registered = PolicyRegistry.register(HoldBack.REGISTRATION)) {
            Path given = dir.resolve("given");
            CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:8", "--scheduler",
                    "hold-back", "--hold-back", "250", "--journal", "memory", "--quiet", "--out", given.toString());
            assertEquals(0, run.exit(), run.toString());
            // held back 250 s: jobs 1 and 2 start at 250 and 260, jobs 3 and 4 when those end at 300 and 310
            assertEquals(List.of(250L, 250L, 280L, 280L), waits(given));
            JsonNode summary = new ObjectMapper().readTree(given.resolve("summary.json").toFile());
            assertEquals("{\"boot_delay_s\":0,\"hold_back\":{\"seconds\":250}}",
                    summary.get("scheduler_settings").toString());

            Path byDefault = dir.resolve("default");
            run = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:8", "--scheduler", "hold-back",
                    "--executor", "direct", "--quiet", "--out", byDefault.toString());
            assertEquals(0, run.exit(), run.toString());
            assertEquals(List.of(100L, 100L, 130L, 130L), waits(byDefault), "reference.conf's default: 100 s");

            run = CliRun.of("replay", "--trace", trace.toString(), "--scheduler", "hold-back", "--hold-back", "-1",
                    "--quiet", "--out", dir.resolve("bad").toString());
            assertEquals(Bgctl.BAD_INPUT, run.exit(), run.toString());
            assertTrue(run.err().contains("--hold-back '-1': the hold-back must not be negative, was -1"), run.err());

            for (String command : List.of("replay", "serve")) {
                String help = CliRun.of(command, "--help").out().replaceAll("\\s+", " ");
                assertTrue(help.contains("--hold-back=S"), command + ": " + help);
                assertTrue(help.contains("hold-back: seconds a job waits in the queue at least. Default: 100."), help);
                assertTrue(help.contains("hold-back FCFS, each job held back in the queue for a while runs on any"
                        + " machine; settings --hold-back"), help);
            }
            assertTrue(CliRun.of("sweep", "--help").out().contains("hold_back"));
        }
        CliRun gone = CliRun.of("replay", "--trace", trace.toString(), "--scheduler", "hold-back", "--quiet",
                "--out", dir.resolve("gone").toString());
        assertEquals(Bgctl.BAD_INPUT, gone.exit(), gone.toString());
        assertTrue(gone.err().contains("unknown scheduler 'hold-back'; known: fcfs, easy, conservative"), gone.err());
    }
}
