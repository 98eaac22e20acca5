package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A serve run re-driven with a scheduler that preempts ({@code replay --journal DIR --scheduler pfcfs}) is refused
 * before anything runs when the run holds what pfcfs cannot take, as replay and serve refuse it given as an option:
 * a failure or repair, a reservation window, blocks that boot. Before, the faults stopped the replay midway with a
 * record's dump (exit 1), and the boots ran into invariant violations.
 */
class JournalReplayRefusalTest {

    @TempDir
    Path dir;

    /** A serve run of {@code machine} with EASY, at 40 virtual s per s, given {@code calls} (path, body) in order. */
    private Path served(ReplayParameters parameters, String... calls) throws Exception {
        Path run = dir.resolve("serve");
        try (LiveServer server = LiveServer.start(new ServeSpec(parameters.with("scheduler", "easy"),
                OptionalDouble.of(40), run, "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(),
                false))) {
            ApiCalls api = new ApiCalls(server);
            for (int i = 0; i < calls.length; i += 2) {
                ApiCalls.Answer a = api.post(calls[i], calls[i + 1], null);
                assertTrue(a.status() / 100 == 2, calls[i + 1] + ": " + a.status() + " " + a.body());
            }
        }
        return run;
    }

    /** Starts the server of {@code run} again with {@code parameters} given and {@code --override}, at {@code speed}. */
    private static void restarted(Path run, ReplayParameters parameters, double speed) throws Exception {
        LiveServer.start(new ServeSpec(parameters, OptionalDouble.of(speed), run, "127.0.0.1", 0, Optional.empty(),
                RestartPolicy.CONTINUE, Optional.empty(), true)).close();
    }

    private String refusal(Path run) {
        Path out = dir.resolve("pfcfs");
        String why = assertThrows(IllegalArgumentException.class, () -> JournalReplay.run(run, "pfcfs", out))
                .getMessage();
        assertFalse(Files.exists(out), "nothing written");
        return why;
    }

    @Test
    void aRecordedFailureIsRefusedBeforeTheReplayStarts() throws Exception {
        Path run = served(ReplayParameters.none().with("machine", "flat:8"),
                "/api/jobs", "{\"size\": 4, \"runtime\": 100}",
                "/api/faults", "{\"component\": \"node-0\", \"state\": \"down\"}");
        String why = refusal(run);
        assertTrue(why.startsWith("the serve run " + run + " fails node-0 at "), why);
        assertTrue(why.endsWith("faults: not supported with scheduler pfcfs, whose suspended jobs lend their nodes to"
                + " the running gang; use another scheduler"), why);
        assertEquals("easy", JournalReplay.run(run, null, dir.resolve("easy")).summary().get("scheduler"));
    }

    @Test
    void aRecordedReservationIsRefusedBeforeTheReplayStarts() throws Exception {
        Path run = served(ReplayParameters.none().with("machine", "flat:8"),
                "/api/reservations", "{\"name\": \"maint\", \"start\": 100000, \"end\": 200000, \"what\": \"all\"}");
        String why = refusal(run);
        assertTrue(why.startsWith("the serve run " + run + " places the reservation 'maint' at "), why);
        assertTrue(why.endsWith("reservations: pfcfs suspends jobs, which then run past their estimates, so it cannot"
                + " keep reservation windows; use a scheduler that does not preempt"), why);
    }

    @Test
    void aReservationFileOfTheServerIsRefusedBeforeTheReplayStarts() throws Exception {
        Path windows = Files.writeString(dir.resolve("windows"), "100000 200000 all maint\n");
        Path run = served(ReplayParameters.none().with("machine", "flat:8").with("reservations", windows));
        assertEquals(run + " was served with --reservations " + windows + "; reservations: pfcfs suspends jobs, which"
                + " then run past their estimates, so it cannot keep reservation windows; use a scheduler that does not"
                + " preempt", refusal(run));
    }

    /**
     * A restart with --override that changed a setting the scheduler reads makes the run one that no single set of
     * inputs re-drives: refused, naming the change. Before, the re-driven run applied the new boot delay to every job,
     * those served before the restart included. A restart that changed only the speed is re-driven as before.
     */
    @Test
    void aRunWhoseSchedulerSettingsAnOverrideChangedIsRefused() throws Exception {
        Path run = served(ReplayParameters.none().with("machine", "flat:8"),
                "/api/jobs", "{\"size\": 8, \"runtime\": 20}");
        restarted(run, ReplayParameters.none(), 80);
        assertEquals("easy", JournalReplay.run(run, null, dir.resolve("easy")).summary().get("scheduler"));
        restarted(run, ReplayParameters.none().with("boot_delay", 100), 80);
        Path out = dir.resolve("again");
        String why = assertThrows(IllegalArgumentException.class, () -> JournalReplay.run(run, null, out)).getMessage();
        assertEquals(run + " changed its boot_delay from its default to 100 at a restart with --override; a re-driven"
                + " run takes one set of inputs, so its schedule could not be the server's", why);
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aRunWhoseBlocksBootIsRefusedBeforeTheReplayStarts() throws Exception {
        Path run = served(ReplayParameters.none().with("machine", "bgl").with("boot_model", "machine"),
                "/api/jobs", "{\"shape\": \"2x2x2\", \"runtime\": 100}",
                "/api/jobs", "{\"shape\": \"8x4x4\", \"runtime\": 100}");
        assertEquals(run + " was served with --boot-model machine: not supported with scheduler pfcfs, which suspends"
                + " running jobs and could suspend one whose block boots; use another scheduler", refusal(run));
    }
}
