package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bgctl.run.ReplayParameters;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;

/**
 * The parameters of a serve run across restarts. A run keeps the parameters it was first started with — its
 * scheduler's settings, workload and geometry, recorded in summary.json under {@code parameters} — and a restart
 * may not contradict them. Machine, scheduler and on_kill are recorded and checked on their own; the trace and the
 * faults are given again at each start, as the inputs of that stretch of the run.
 */
final class ServeParameters {

    /** Given anew at each start. */
    private static final Set<String> PER_START = Set.of("trace", "faults", "fault_model", "fault_midplane",
            "fault_switch", "fault_cable", "fault_node", "reservations");

    /** Recorded and checked apart (LiveServer#recorded). */
    private static final Set<String> APART = Set.of("machine", "scheduler", "on_kill");

    static final String KEY = "parameters";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ServeParameters() {
    }

    /**
     * The parameters of the run in {@code run}: {@code given} for a new run; for a resumed one the recorded
     * parameters with this start's trace and faults.
     *
     * @throws IllegalArgumentException when a given parameter contradicts the recorded ones (nothing is changed)
     */
    static ReplayParameters ofRun(Path run, boolean resumed, ReplayParameters given) throws IOException {
        if (!resumed) return given;
        ReplayParameters recorded = recorded(run);
        for (Map.Entry<String, String> e : kept(given).entrySet()) {
            String was = recorded.get(e.getKey()).orElse(null);
            if (!e.getValue().equals(was))
                throw new IllegalArgumentException(run + " is a run of " + e.getKey() + " "
                        + (was == null ? "at its default" : was) + ", not " + e.getValue() + " (nothing was changed)");
        }
        ReplayParameters effective = recorded;
        for (Map.Entry<String, String> e : given.asMap().entrySet())
            if (!kept(e.getKey())) effective = effective.with(e.getKey(), e.getValue());
        return effective;
    }

    /**
     * The scheduler settings of the serve run in {@code run}: the defaults with its recorded scheduler settings on
     * top, for re-driving its inputs with the settings it ran with.
     */
    static SchedulerSettings schedulerSettings(Path run) throws IOException {
        SchedulerSettings settings = SchedulerSettings.defaults();
        Set<String> keys = PolicyRegistry.settings().stream().map(PolicySetting::key).collect(Collectors.toSet());
        for (Map.Entry<String, String> e : recorded(run).asMap().entrySet())
            if (keys.contains(e.getKey())) settings = settings.with(e.getKey(), e.getValue());
        return settings;
    }

    /** How many times the serve run in {@code run} requeues a killed job at most. */
    static int maxRequeues(Path run) throws IOException {
        return recorded(run).get("max_requeues").map(Integer::parseInt).orElse(KillPolicy.DEFAULT_MAX_REQUEUES);
    }

    /** The parameters a run keeps, key to value: what summary.json records under {@link #KEY}. */
    static Map<String, String> kept(ReplayParameters parameters) {
        Map<String, String> kept = new LinkedHashMap<>();
        parameters.asMap().forEach((k, v) -> {
            if (kept(k)) kept.put(k, v);
        });
        return kept;
    }

    private static boolean kept(String key) {
        return !PER_START.contains(key) && !APART.contains(key);
    }

    /** The kept parameters summary.json of {@code run} records; none for a run from before they were recorded. */
    private static ReplayParameters recorded(Path run) throws IOException {
        Path file = run.resolve("summary.json");
        JsonNode node = Files.isRegularFile(file) ? JSON.readTree(file.toFile()).get(KEY) : null;
        ReplayParameters recorded = ReplayParameters.none();
        if (node == null || !node.isObject()) return recorded;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            recorded = recorded.with(e.getKey(), e.getValue().asText());
        }
        return recorded;
    }
}
