package org.bgctl.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bgctl.journal.JournalSettings;
import org.bgctl.report.html.RunReport;
import org.bgctl.run.Replay;
import org.bgctl.run.RunRecord;

/**
 * The directory of one sweep run. {@code parameters.json} names the run it holds and is written
 * before the run starts; {@code summary.json} and {@code report.html}, which the replay writes last, say it
 * finished ({@link Replay#finished}). That is what lets an interrupted sweep resume: a finished run with the same parameters
 * and input files (parameters.json keeps their SHA-256) is kept, an unfinished one, or one whose files changed since, is
 * cleared and run again, and a directory holding some other run is refused.
 */
final class RunDirectory {

    /** The parameters of the run a directory holds. */
    static final String PARAMETERS = "parameters.json";
    /** Written by a replay at its end, just before report.html. */
    static final String SUMMARY = "summary.json";
    /** A failed run's error and stack trace. */
    static final String ERROR = "error.txt";
    /** The key of parameters.json under which the checksums of the run's input files are kept. */
    private static final String INPUTS = "inputs_sha256";

    /** The files a run writes; an unfinished run's are removed before it runs again. */
    private static final List<String> RUN_FILES = List.of(PARAMETERS, ERROR, SUMMARY, RunReport.FILE,
            "jobs.csv", "schedule.swf",
            JournalSettings.H2_FILE + ".mv.db", JournalSettings.H2_FILE + ".trace.db");

    static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** What a run directory holds. */
    enum State {
        /** Nothing yet. */
        EMPTY,
        /** This run, finished. */
        FINISHED,
        /** This run, interrupted or failed: to run again. */
        UNFINISHED,
        /** Something else: another run's files, or files this sweep did not write. */
        OTHER
    }

    private RunDirectory() {
    }

    static State state(PlannedRun run) throws IOException {
        Path dir = run.dir();
        if (!Files.isDirectory(dir)) {
            if (Files.exists(dir)) return State.OTHER;
            return State.EMPTY;
        }
        if (!Files.isRegularFile(dir.resolve(PARAMETERS))) return isEmpty(dir) ? State.EMPTY : State.OTHER;
        Map<String, String> recorded = recordedParameters(dir);
        if (recorded == null || !run.parameters().asMap().equals(recorded)) return State.OTHER;
        if (!Replay.finished(dir)) return State.UNFINISHED;
        Map<String, String> read = recordedChecksums(dir);
        return read == null || read.equals(inputChecksums(run)) ? State.FINISHED : State.UNFINISHED;
    }

    /**
     * The SHA-256 of each file the run reads — its trace ({@code trace}), fault file, fault model and reservation
     * file, by parameter — read now. A finished run whose files no longer match is stale and runs again.
     */
    private static Map<String, String> inputChecksums(PlannedRun run) throws IOException {
        RunRecord record = RunRecord.of(run.parameters(), run.spec().trace()).withInputChecksums();
        Map<String, String> sums = new TreeMap<>(record.inputSha256());
        if (record.traceSha256() != null) sums.put("trace", record.traceSha256());
        return sums;
    }

    /** Why {@code run}'s directory cannot be used: what differs from the run it holds. */
    static String conflict(PlannedRun run) throws IOException {
        Path dir = run.dir();
        if (!Files.isRegularFile(dir.resolve(PARAMETERS)))
            return dir + " holds files this sweep did not write";
        Map<String, String> there = recordedParameters(dir);
        if (there == null) return dir.resolve(PARAMETERS) + " cannot be read";
        Map<String, String> here = run.parameters().asMap();
        StringBuilder diff = new StringBuilder();
        for (String key : union(there, here)) {
            if (!Objects.equals(there.get(key), here.get(key)))
                diff.append(diff.length() == 0 ? "" : ", ").append(key).append(" = ").append(show(there.get(key)))
                        .append(" there, ").append(show(here.get(key))).append(" now");
        }
        return dir + " holds a run with other parameters (" + diff + ")";
    }

    /** Clears what an unfinished attempt left and records the run's parameters. */
    static void prepare(PlannedRun run) throws IOException {
        Files.createDirectories(run.dir());
        for (String f : RUN_FILES) Files.deleteIfExists(run.dir().resolve(f));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", run.index());
        doc.put("values", run.point().values());
        doc.put("parameters", run.parameters().asMap());
        doc.put(INPUTS, inputChecksums(run));
        // written whole or not at all, so that a kill never leaves a directory that a resume cannot read
        Path part = run.dir().resolve(PARAMETERS + ".part");
        JSON.writeValue(part.toFile(), doc);
        Files.move(part, run.dir().resolve(PARAMETERS), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes a failed run's error with its stack trace. */
    static void recordFailure(PlannedRun run, Throwable error) throws IOException {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        Files.writeString(run.dir().resolve(ERROR), trace.toString(), StandardCharsets.UTF_8);
    }

    /** A finished run's summary.json, keys in file order, decimals exactly as written. */
    static Map<String, Object> summary(Path dir) throws IOException {
        return JSON.readValue(dir.resolve(SUMMARY).toFile(), new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    /** The parameters recorded in {@code dir}; null when its parameters.json is not JSON. */
    private static Map<String, String> recordedParameters(Path dir) throws IOException {
        Map<String, Object> doc;
        try {
            doc = document(dir);
        } catch (JsonProcessingException unreadable) {
            return null;
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        if (doc.get("parameters") instanceof Map<?, ?> m)
            m.forEach((k, v) -> parameters.put(String.valueOf(k), String.valueOf(v)));
        return parameters;
    }

    /** The checksums of the files recorded in {@code dir}; null when it has none (a sweep older than them). */
    private static Map<String, String> recordedChecksums(Path dir) throws IOException {
        if (!(document(dir).get(INPUTS) instanceof Map<?, ?> m)) return null;
        Map<String, String> sums = new TreeMap<>();
        m.forEach((k, v) -> sums.put(String.valueOf(k), String.valueOf(v)));
        return sums;
    }

    /** The parameters.json of {@code dir}, keys in file order. */
    private static Map<String, Object> document(Path dir) throws IOException {
        return JSON.readValue(dir.resolve(PARAMETERS).toFile(), new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    /** True when {@code dir} holds nothing but, perhaps, a parameters.json that a kill left half written. */
    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.allMatch(f -> f.getFileName().toString().equals(PARAMETERS + ".part"));
        }
    }

    private static TreeSet<String> union(Map<String, String> a, Map<String, String> b) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }

    private static String show(String value) {
        return value == null ? "unset" : "'" + value + "'";
    }
}
