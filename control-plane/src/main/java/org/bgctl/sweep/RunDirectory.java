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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

    /**
     * What {@code run}'s directory holds. Its parameters.json is read once; the run's input files are read for their
     * checksums only when it holds the run finished, and the checksums are kept in the answer for
     * {@link #prepare} when they show it stale.
     */
    static Found find(PlannedRun run) throws IOException {
        Path dir = run.dir();
        if (!Files.isDirectory(dir)) return new Found(Files.exists(dir) ? State.OTHER : State.EMPTY, null);
        if (!Files.isRegularFile(dir.resolve(PARAMETERS)))
            return new Found(isEmpty(dir) ? State.EMPTY : State.OTHER, null);
        Map<String, Object> doc = readableDocument(dir);
        if (doc == null || !run.parameters().asMap().equals(parameters(doc))) return new Found(State.OTHER, null);
        if (!Replay.finished(dir)) return new Found(State.UNFINISHED, null);
        Map<String, String> recorded = checksums(doc);
        Map<String, String> now = inputChecksums(run);
        return new Found(recorded == null || recorded.equals(now) ? State.FINISHED : State.UNFINISHED, now);
    }

    /**
     * What a run directory holds.
     *
     * @param state       what it holds
     * @param inputSha256 the checksums of the run's input files read to tell it; null when they were not read
     */
    record Found(State state, Map<String, String> inputSha256) {
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
        Map<String, Object> doc = readableDocument(dir);
        if (doc == null) return dir.resolve(PARAMETERS) + " cannot be read";
        return dir + " holds a run with other parameters ("
                + ParameterDifference.of(parameters(doc), run.parameters().asMap()) + ")";
    }

    /**
     * Clears what an unfinished attempt left and records the run's parameters, with the checksums of its input files
     * as {@code found} read them, or read now.
     */
    static void prepare(PlannedRun run, Found found) throws IOException {
        Files.createDirectories(run.dir());
        for (String f : RUN_FILES) Files.deleteIfExists(run.dir().resolve(f));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", run.index());
        doc.put("values", run.point().values());
        doc.put("parameters", run.parameters().asMap());
        doc.put(INPUTS, found.inputSha256() != null ? found.inputSha256() : inputChecksums(run));
        Sweep.writeWhole(run.dir().resolve(PARAMETERS), doc);
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

    /** The parameters.json of {@code dir}, keys in file order; null when it is not JSON. */
    private static Map<String, Object> readableDocument(Path dir) throws IOException {
        try {
            return JSON.readValue(dir.resolve(PARAMETERS).toFile(), new TypeReference<LinkedHashMap<String, Object>>() {
            });
        } catch (JsonProcessingException unreadable) {
            return null;
        }
    }

    /** The parameters a parameters.json records. */
    private static Map<String, String> parameters(Map<String, Object> doc) {
        Map<String, String> parameters = texts(doc.get("parameters"));
        return parameters != null ? parameters : Map.of();
    }

    /** The checksums of the input files a parameters.json records; null when it has none (a sweep older than them). */
    private static Map<String, String> checksums(Map<String, Object> doc) {
        return texts(doc.get(INPUTS));
    }

    /** A JSON object read back as names and their values as text; null when {@code value} is no object. */
    static Map<String, String> texts(Object value) {
        if (!(value instanceof Map<?, ?> m)) return null;
        Map<String, String> texts = new TreeMap<>();
        m.forEach((k, v) -> texts.put(String.valueOf(k), String.valueOf(v)));
        return texts;
    }

    /** True when {@code dir} holds nothing but, perhaps, a parameters.json that a kill left half written. */
    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.allMatch(f -> f.getFileName().toString().equals(PARAMETERS + ".part"));
        }
    }
}
