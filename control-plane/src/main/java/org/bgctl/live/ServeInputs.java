package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.bgctl.journal.RunInputsTable;
import org.bgctl.run.ReplayParameter;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.RunRecord;
import org.bgctl.run.TraceSource;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.swf.SwfReader;

/**
 * The inputs of a serve run, journaled ({@link RunInputsTable}) when it first starts: every parameter — machine,
 * scheduler, on_kill, the trace (absolute path, first N, workload and geometry), the faults (files, model, laws,
 * seed), the scheduler's settings — the SHA-256 of the trace, and the speed. The journal is the one source of a run's
 * settings: a restart continues them (an option it is not given keeps its recorded value, so the trace is fed on from
 * where it stopped, and the speed stays), and an option it is given must say what the journal says unless
 * {@code --override}, which journals the new inputs in force from then on. The machine and the scheduler never change.
 *
 * @param record the parameters (files absolute) and the trace's checksum
 * @param speed  virtual seconds per wall second
 */
record ServeInputs(RunRecord record, double speed) {

    /** The speed of a new run that gives none. */
    static final double DEFAULT_SPEED = 1;

    /** What summary.json records the kept parameters under. */
    static final String KEY = "parameters";

    /** Reported apart in summary.json, not under {@link #KEY}. */
    private static final Set<String> APART = Set.of("machine", "scheduler", "on_kill", "trace", "faults", "fault_model",
            "fault_midplane", "fault_switch", "fault_cable", "fault_node");

    /** Parameters of the journal's events themselves: not even {@code --override} changes them. */
    private static final Set<String> FIXED = Set.of("machine", "scheduler");

    private static final ObjectMapper JSON = new ObjectMapper();

    ReplayParameters parameters() {
        return record.parameters();
    }

    /** The trace fed live, if any. */
    Optional<Path> trace() {
        return parameters().get("trace").map(Path::of);
    }

    String machine() {
        return parameters().get("machine").orElseThrow();
    }

    String scheduler() {
        return parameters().get("scheduler").orElseThrow();
    }

    KillPolicy onKill() {
        return KillPolicy.parse(parameters().get("on_kill").orElseThrow());
    }

    /**
     * The inputs {@code spec} starts with on its run directory: those it gives for a new run ({@code recorded}
     * empty), else the recorded ones with what it gives on top — equal to them, or changed by {@code --override}.
     *
     * @throws IllegalArgumentException for a missing machine, an unreadable trace, or a restart that contradicts the
     *                                  journal without {@code --override} (nothing is changed)
     */
    static ServeInputs resolve(ServeSpec spec, Optional<ServeInputs> recorded) throws IOException {
        ReplayParameters given = spec.parameters();
        if (recorded.isEmpty()) {
            if (spec.machine() == null && given.get("trace").isEmpty())
                throw new IllegalArgumentException("--machine is required for a new run directory fed no trace");
            if (spec.override())
                throw new IllegalArgumentException("--override changes the inputs of a run started before, and "
                        + spec.run() + " holds none yet: leave --override out (nothing was changed)");
            // as replay: without --machine, flat:N of the trace header's MaxProcs (else MaxNodes)
            if (spec.machine() == null)
                given = given.with("machine", TraceSource.file(Path.of(given.get("trace").orElseThrow())).defaultMachine());
            ReplayParameters p = given.with("scheduler", given.get("scheduler").orElse(ReplayParameters.DEFAULT_SCHEDULER))
                    .with("on_kill", given.get("on_kill").orElse(KillPolicy.REQUEUE.label()));
            return tracedIfAsked(spec, of(p, spec.speed().orElse(DEFAULT_SPEED)));
        }
        ServeInputs was = recorded.get();
        Path run = spec.run();
        // an option of the trace on a run fed none is refused as such, before it is compared with the journal: the
        // journal's "give --override" would only lead to this refusal
        if (given.get("trace").isEmpty() && was.trace().isEmpty()) refuseTraceOptions(spec);
        ReplayParameters effective = was.parameters();
        for (Map.Entry<String, String> e : RunRecord.of(given, null).parameters().asMap().entrySet()) {
            String before = effective.get(e.getKey()).orElse(null);
            if (e.getValue().equals(before)) continue;
            refuseUnlessOverride(spec, e.getKey(), before == null ? "at its default" : before, e.getValue());
            effective = effective.with(e.getKey(), e.getValue());
        }
        double speed = was.speed;
        if (spec.speed().isPresent() && spec.speed().getAsDouble() != speed) {
            refuseUnlessOverride(spec, "speed", String.valueOf(speed), String.valueOf(spec.speed().getAsDouble()));
            speed = spec.speed().getAsDouble();
        }
        ServeInputs now = of(effective, speed);
        if (!spec.override() && now.trace().equals(was.trace())
                && !Objects.equals(now.record.traceSha256(), was.record.traceSha256()))
            throw new IllegalArgumentException("the trace " + now.trace().orElseThrow() + " of " + run
                    + " changed since the run started (its SHA-256 differs from the journal's); give --override to"
                    + " feed it as it is now (nothing was changed)");
        for (String key : new TreeSet<>(RunRecord.MACHINE_FILES))
            was.record.checkInput(key, "the journal's", "the machine of a run never changes, --override or not"
                    + " (nothing was changed)");
        if (!spec.override())
            was.record.checkInputs("the journal's", "give --override to take it as it is now (nothing was changed)");
        return tracedIfAsked(spec, now);
    }

    /**
     * {@code inputs}, when they feed a trace or {@code spec} gives no option that only applies to one, nor a seed
     * with nothing to draw (no fault model, no boot failures).
     *
     * @throws IllegalArgumentException naming the first such option, which a run without a trace would ignore
     */
    private static ServeInputs tracedIfAsked(ServeSpec spec, ServeInputs inputs) {
        if (inputs.trace().isPresent()) return inputs;
        refuseTraceOptions(spec);
        boolean draws = inputs.parameters().asMap().keySet().stream()
                .anyMatch(key -> key.startsWith("fault_") || key.equals("boot_failure"));
        if (spec.parameters().get("seed").isPresent() && !draws)
            throw new IllegalArgumentException("--seed seeds the draws of a trace fed live, of a fault model and of boot"
                    + " failures, and " + spec.run() + " has none of them: leave --seed out (nothing was changed)");
        return inputs;
    }

    /** Refuses the first option of {@code spec} that applies only to a trace, for a run fed none. */
    private static void refuseTraceOptions(ServeSpec spec) {
        for (String key : spec.parameters().asMap().keySet()) {
            ReplayParameter parameter = ReplayParameters.parameter(key);
            if (parameter.traceOnly())
                throw new IllegalArgumentException(parameter.option() + " applies to the trace fed live, and "
                        + spec.run() + " is fed none: give --trace FILE, or leave " + parameter.option()
                        + " out (nothing was changed)");
        }
    }

    private static void refuseUnlessOverride(ServeSpec spec, String key, String was, String given) {
        String refusal = spec.run() + " is a run of " + key + " " + was + ", not " + given;
        if (FIXED.contains(key)) throw new IllegalArgumentException(refusal + " (nothing was changed)");
        if (!spec.override())
            throw new IllegalArgumentException(refusal + "; give --override to change it (nothing was changed)");
    }

    private static ServeInputs of(ReplayParameters parameters, double speed) throws IOException {
        Optional<String> trace = parameters.get("trace");
        if (trace.isPresent()) SwfReader.checkReadable(Path.of(trace.get()));
        return new ServeInputs(RunRecord.of(parameters, trace.map(t -> TraceSource.file(Path.of(t))).orElse(null))
                .withInputChecksums(), speed);
    }

    /**
     * The inputs the journal of {@code run} records; for a durable trace replay, those its run.json records; for a
     * serve run journaled before inputs were, those its summary.json
     * kept (machine, scheduler, on_kill and the kept parameters) with {@code spec}'s trace, faults and speed, as such a
     * run took them at each start.
     *
     * @throws IllegalArgumentException when neither records them
     */
    static ServeInputs recorded(Path run, ServeSpec spec) throws IOException {
        Optional<String> journaled = RunInputsTable.latest(run);
        if (journaled.isPresent()) {
            JsonNode root = JSON.readTree(journaled.get());
            JsonNode speed = root.get("speed");
            if (speed == null || !speed.isNumber())
                throw new IllegalArgumentException("the inputs journaled in " + run + " name no speed");
            return new ServeInputs(RunRecord.of(root, "the inputs journaled in " + run), speed.asDouble());
        }
        if (RunRecord.exists(run)) return ofTraceReplay(RunRecord.read(run), run);
        ReplayParameters p = fromSummary(run);
        for (String key : APART)
            if (spec != null && !p.get(key).isPresent()) p = p.with(key, spec.parameters().get(key).orElse(null));
        return of(p, spec == null ? DEFAULT_SPEED : spec.speed().orElse(DEFAULT_SPEED));
    }

    /**
     * The parameters of every set of inputs the journal of {@code run} records, the first start's first: more than one
     * when a restart changed them with {@code --override}.
     */
    static List<ReplayParameters> history(Path run) throws IOException {
        List<ReplayParameters> history = new ArrayList<>();
        for (String row : RunInputsTable.all(run))
            history.add(RunRecord.of(JSON.readTree(row), "the inputs journaled in " + run).parameters());
        return history;
    }

    /**
     * Refuses a run directory that holds another command's run — a replay's summary.json, without {@code "mode":
     * "serve"} — which a server would otherwise resume as its own or write over.
     *
     * @throws IllegalArgumentException naming the directory
     */
    static void requireServeRun(Path run) throws IOException {
        Path file = run.resolve("summary.json");
        if (!Files.isRegularFile(file)) return;
        if (!"serve".equals(JSON.readTree(file.toFile()).path("mode").asText()))
            throw new IllegalArgumentException(run + " holds the outputs of a replay, not of a serve run; give serve"
                    + " another --run (nothing was changed)");
    }

    /** Journals these inputs as those in force from now on. */
    void record(Path run) {
        Map<String, Object> m = new LinkedHashMap<>(record.fields());
        m.put("speed", speed);
        try {
            RunInputsTable.append(run, JSON.writeValueAsString(m));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The scheduler settings of these inputs: the defaults with the recorded ones on top. */
    SchedulerSettings schedulerSettings() {
        SchedulerSettings settings = SchedulerSettings.defaults();
        Set<String> keys = PolicyRegistry.settings().stream().map(PolicySetting::key).collect(Collectors.toSet());
        for (Map.Entry<String, String> e : parameters().asMap().entrySet())
            if (keys.contains(e.getKey())) settings = settings.with(e.getKey(), e.getValue());
        return settings;
    }

    /** The parameters summary.json records under {@link #KEY}, key to value: all but those it reports apart. */
    Map<String, String> kept() {
        Map<String, String> kept = new LinkedHashMap<>();
        parameters().asMap().forEach((k, v) -> {
            if (!APART.contains(k)) kept.put(k, v);
        });
        return kept;
    }

    /**
     * The inputs of the durable trace replay in {@code run}, which its run.json records whole ({@code record}): where
     * it was given none, its machine is the one its summary.json names (the trace's own) and its scheduler and
     * on_kill are the replay's defaults.
     */
    private static ServeInputs ofTraceReplay(RunRecord record, Path run) throws IOException {
        ReplayParameters p = record.parameters();
        if (p.get("machine").isEmpty()) p = p.with("machine", fromSummary(run).get("machine").orElseThrow());
        p = p.with("scheduler", p.get("scheduler").orElse(ReplayParameters.DEFAULT_SCHEDULER))
                .with("on_kill", p.get("on_kill").orElse(KillPolicy.REQUEUE.label()));
        return new ServeInputs(new RunRecord(p, record.traceSha256(), record.given(), record.inputSha256()),
                DEFAULT_SPEED);
    }

    /** What summary.json of a run journaled before its inputs were records of them: machine, scheduler, on_kill, kept. */
    private static ReplayParameters fromSummary(Path run) throws IOException {
        Path file = run.resolve("summary.json");
        JsonNode root = Files.isRegularFile(file) ? JSON.readTree(file.toFile()) : null;
        if (root == null || !root.path("machine").isTextual() || !root.path("scheduler").isTextual())
            throw new IllegalArgumentException(run + " holds a journal but records no inputs and its summary.json names"
                    + " no machine or scheduler; it is not a serve run directory");
        ReplayParameters recorded = ReplayParameters.none().with("machine", root.get("machine").asText())
                .with("scheduler", root.get("scheduler").asText())
                .with("on_kill", root.path("on_kill").isTextual() ? root.get("on_kill").asText() : KillPolicy.FAIL.label());
        JsonNode kept = root.get(KEY);
        if (kept == null || !kept.isObject()) return recorded;
        for (Iterator<Map.Entry<String, JsonNode>> it = kept.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            recorded = recorded.with(e.getKey(), e.getValue().asText());
        }
        return recorded;
    }
}
