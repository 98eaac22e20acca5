package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.audit.RecordedRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The audit of a pfcfs run through the actors on small-bgl (16 midplanes; x = 40%, δ = 60 s: a job of 7
 * midplanes or more is wide): at every settled instant the journal keeps the rules of gang scheduling and the
 * midplane and switch agents hold what it says — the same running and the same suspended jobs.
 */
class GangAuditTest {

    private static final ActorTestKit KIT = LiveMachine.testKit();

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void everyInstantOfAGangIsCleanAndTheAgentsAgree() {
        LiveMachine live = new LiveMachine(KIT, "small-bgl", "pfcfs");
        List<Long> instants = new ArrayList<>();
        long next = live.advance(0, of(1, 0, 1000, 1000, 4 * 512), of(2, 0, 1000, 1000, 4 * 512),
                of(3, 0, 1000, 1000, 4 * 512), of(4, 0, 1000, 1000, 4 * 512)).nextFinish();
        next = Math.min(next, live.advance(10, of(5, 10, 100, 100, 8 * 512)).nextFinish());
        boolean sawSuspended = false;
        while (next != Long.MAX_VALUE) {
            next = live.advance(next).nextFinish();
            live.quiesce();
            RecordedRun run = live.recorded();
            instants.add(run.lastTime());
            assertEquals(List.of(), run.violations());
            assertEquals(List.of(), AgentAudit.holdings(run, live.occupancy()));
            sawSuspended |= !run.suspended().isEmpty();
        }
        assertTrue(sawSuspended, "jobs were suspended at " + instants);
        assertEquals(5, live.recorded().ended());
        live.stop();
    }
}
