package org.bgctl.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * summary.json: an ordered map of snake_case keys. Everything but the {@code run} object is
 * reproducible byte for byte; wall-clock figures go in {@code run}.
 */
public final class Summary {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private final Map<String, Object> fields = new LinkedHashMap<>();
    private final Map<String, Object> run = new LinkedHashMap<>();

    /** Adds a reproducible field. */
    public Summary put(String key, Object value) {
        fields.put(key, normalize(value));
        return this;
    }

    /** Adds a wall-clock figure to the {@code run} object. */
    public Summary putRun(String key, Object value) {
        run.put(key, normalize(value));
        return this;
    }

    /** The metrics, under their contract names. */
    public Summary putMetrics(RunMetrics m) {
        return put("makespan_s", m.makespan())
                .put("mean_wait_s", m.meanWait())
                .put("p50_wait_s", m.p50Wait())
                .put("p95_wait_s", m.p95Wait())
                .put("max_wait_s", m.maxWait())
                .put("mean_response_s", m.meanResponse())
                .put("mean_bounded_slowdown", m.meanBoundedSlowdown())
                .put("utilization", m.utilization())
                .put("unused_capacity", m.unusedCapacity())
                .put("lost_capacity", m.lostCapacity())
                .put("sum_flow_s", m.sumFlow())
                .put("sum_weighted_flow", m.sumWeightedFlow());
    }

    public Object get(String key) {
        return fields.get(key);
    }

    /** The whole document, {@code run} last. */
    public Map<String, Object> asMap() {
        Map<String, Object> all = new LinkedHashMap<>(fields);
        all.put("run", run);
        return all;
    }

    /** Writes the document whole or not at all: a kill while it is written leaves no half of it behind. */
    public void write(Path file) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        JSON.writeValue(part.toFile(), asMap());
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(asMap());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The machine named in a run directory's summary.json, as given to {@code --machine}.
     *
     * @throws IllegalArgumentException when the directory has no summary.json naming one
     */
    public static String machineOf(Path runDir) throws IOException {
        Path file = runDir.resolve("summary.json");
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("no summary.json in " + runDir + " to name the run's machine;"
                    + " name it with --machine");
        JsonNode machine = JSON.readTree(file.toFile()).get("machine");
        if (machine == null || !machine.isTextual())
            throw new IllegalArgumentException(file + " names no machine; name it with --machine");
        return machine.asText();
    }

    /** The {@code mode} the summary.json of {@code runDir} records (e.g. {@code serve}), or empty when none. */
    public static String modeOf(Path runDir) throws IOException {
        return JSON.readTree(runDir.resolve("summary.json").toFile()).path("mode").asText("");
    }

    /** True when the summary.json of {@code runDir} marks a run interrupted before its end. */
    public static boolean interrupted(Path runDir) throws IOException {
        JsonNode flag = JSON.readTree(runDir.resolve("summary.json").toFile()).get("interrupted");
        return flag != null && flag.asBoolean();
    }

    /** Doubles, also inside nested objects, are rounded to 6 decimals so the file reads well and compares exactly. */
    private static Object normalize(Object value) {
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> nested = new LinkedHashMap<>();
            m.forEach((k, v) -> nested.put(k, normalize(v)));
            return nested;
        }
        if (value instanceof Double d) {
            if (!Double.isFinite(d)) return null;
            return new BigDecimal(d).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
        }
        return value;
    }
}
