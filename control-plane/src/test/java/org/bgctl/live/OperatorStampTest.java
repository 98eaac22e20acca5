package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operator inputs sent to a real server on loopback, with no timed event between them, are journaled at the virtual
 * second they arrived in — not at the time of the last instant the clock released: a submission, its cancellation, a
 * midplane's failure and its repair, each sent a few hundred virtual seconds after the one before.
 */
class OperatorStampTest {

    private static final double SPEED = 100;
    private static final long SLACK = 1;

    @TempDir
    Path dir;

    /** The virtual seconds around one call: read just before it was sent and just after it was answered. */
    private record Window(long before, long after) {

        boolean holds(long t) {
            return t >= before - SLACK && t <= after + SLACK;
        }
    }

    @Test
    void eachOperatorInputIsJournaledAtTheVirtualSecondItArrivedIn() throws Exception {
        Path run = dir.resolve("run");
        Window submit;
        Window cancel;
        Window fail;
        Window repair;
        long id;
        try (LiveServer server = LiveServer.start(new ServeSpec("bgl", "easy", SPEED, Optional.empty(), 0, run,
                "127.0.0.1", 0, Optional.empty()))) {
            ApiCalls api = new ApiCalls(server);
            awaitVirtual(api, 100);
            long before = now(api);
            ApiCalls.Answer submitted = api.post("/api/jobs",
                    "{\"size\": 512, \"runtime\": 100000, \"estimate\": 100000}", null);
            submit = new Window(before, now(api));
            assertEquals(201, submitted.status(), submitted.toString());
            id = submitted.body().get("id").asLong();
            assertTrue(submit.holds(submitted.body().get("submit").asLong()), submitted + " in " + submit);

            awaitVirtual(api, submit.after() + 200);
            before = now(api);
            assertEquals(200, api.delete("/api/jobs/" + id, null).status());
            cancel = new Window(before, now(api));

            awaitVirtual(api, cancel.after() + 200);
            before = now(api);
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R000\", \"state\": \"down\"}", null)
                    .status());
            fail = new Window(before, now(api));

            awaitVirtual(api, fail.after() + 200);
            before = now(api);
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R000\", \"state\": \"up\"}", null)
                    .status());
            repair = new Window(before, now(api));
        }
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(run, events::add);
        long jobId = id;
        assertAt(events, e -> e instanceof JobSubmitted s && s.job().id() == jobId, submit, "the submission");
        assertAt(events, e -> e instanceof JobCancelled c && c.jobId() == jobId, cancel, "the cancellation");
        assertAt(events, e -> e instanceof ComponentFailed f && f.component().equals("mp-R000"), fail, "the failure");
        assertAt(events, e -> e instanceof ComponentRepaired r && r.component().equals("mp-R000"), repair,
                "the repair");
    }

    private static void assertAt(List<SchedulerEvent> events, Predicate<SchedulerEvent> which, Window window,
                                 String what) {
        List<SchedulerEvent> found = events.stream().filter(which).toList();
        assertEquals(1, found.size(), what + " journaled once: " + events);
        assertTrue(window.holds(found.get(0).time()), what + " journaled at " + found.get(0).time()
                + ", sent within virtual seconds " + window.before() + ".." + window.after() + "; journal: " + events);
    }

    private static long now(ApiCalls api) throws Exception {
        return api.get("/api/metrics").body().get("virtual_now").asLong();
    }

    private static void awaitVirtual(ApiCalls api, long t) throws Exception {
        for (int i = 0; i < 600 && now(api) < t; i++) Thread.sleep(20);
        assertTrue(now(api) >= t, "virtual time reached " + t);
    }
}
