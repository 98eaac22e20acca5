package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.journal.JournalKind;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.NodeClaim;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At the end of every actor run each agent is asked what it holds and compared with the scheduler's account of the
 * run: summary.json's {@code run.agent_audit} says how many agents were audited and how many disagree, and a run
 * whose agents disagree fails.
 */
class AgentAuditReplayTest {

    private static final WorkloadOptions SHAPED = WorkloadOptions.builder().firstJobs(150)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, true, 0.5, 3)).build();

    @Test
    void aBglRunAuditsEveryAgentClean(@TempDir Path dir) throws IOException {
        Runs.replay(Runs.SDSC, "bgl", "easy", SHAPED, ExecutorKind.ACTORS, JournalKind.MEMORY, dir);
        JsonNode audit = summary(dir).path("run").path("agent_audit");
        assertEquals(MachineCatalog.create("bgl").units().size(), audit.path("agents").asInt(), audit.toString());
        assertEquals(0, audit.path("mismatches").asInt(), audit.toString());
        assertEquals(0, audit.path("examples").size(), audit.toString());
    }

    @Test
    void aDirectRunHasNoAgentsToAudit(@TempDir Path dir) throws IOException {
        Runs.replay(Runs.SDSC, "flat:128", "easy", WorkloadOptions.builder().firstJobs(50).build(),
                ExecutorKind.DIRECT, JournalKind.MEMORY, dir);
        assertTrue(summary(dir).path("run").path("agent_audit").isMissingNode());
    }

    @Test
    void anAgentHoldingWhatTheSchedulerDoesNotKnowFailsTheRun(@TempDir Path dir) throws IOException {
        // the agents' answers pass through a host that slips a reservation into the first node set's
        ActorHost tampering = (config, prepare, cores, sink, group, clock, agents) ->
                ActorHost.LOCAL.run(config, prepare, cores, sink, group, clock, answers -> {
                    Map<String, Occupancy> changed = new LinkedHashMap<>(answers);
                    Occupancy first = changed.get("ns-0");
                    TreeMap<Long, Claim> reserved = new TreeMap<>(first.reserved());
                    reserved.put(999L, new NodeClaim("ns-0", 4));
                    changed.put("ns-0", new Occupancy("ns-0", first.running(), reserved, first.down(),
                            new TreeSet<>(first.suspended())));
                    agents.accept(changed);
                });
        AgentsDisagree failed = assertThrows(AgentsDisagree.class, () -> Runs.replay(Runs.SDSC,
                "flat:128", "easy", WorkloadOptions.builder().firstJobs(50).build(), tampering, JournalKind.MEMORY, dir));
        assertTrue(failed.getMessage().startsWith("agent audit: 1 disagreement(s) between the agents and the scheduler,"
                + " first: ns-0: holds reservations outside any transaction"), failed.getMessage());
        assertTrue(failed.getMessage().endsWith("(the outputs are kept in " + dir + ")"), failed.getMessage());
        JsonNode audit = summary(dir).path("run").path("agent_audit");
        assertEquals(1, audit.path("mismatches").asInt(), audit.toString());
        assertTrue(audit.path("examples").get(0).asText().startsWith("ns-0:"), audit.toString());
    }

    private static JsonNode summary(Path dir) throws IOException {
        return new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    }
}
