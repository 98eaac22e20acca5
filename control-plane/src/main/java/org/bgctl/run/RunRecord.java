package org.bgctl.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bgctl.config.BgctlSettings;
import org.bgctl.machine.MachineCatalog;

/**
 * {@value #FILE} in the run directory of a durable replay: the replay's parameters (file names made absolute) and the
 * SHA-256 of its trace and of its other input files (fault file, fault model, reservation file, the machine's own
 * machine file and block file), written when the
 * replay starts, so that {@code bgctl replay --resume DIR} needs nothing else and refuses a trace or an input file
 * that changed since.
 *
 * @param parameters  the replay's parameters
 * @param traceSha256 the checksum of the trace's bytes (for the bundled demo, of the resource); null for a run without
 *                    a trace (a live server fed by its API only)
 * @param given       the file parameters as they were given, where that is not their absolute form
 * @param inputSha256 per file parameter other than the trace ({@code faults}, {@code fault_model},
 *                    {@code reservations}) and per file of the machine's ({@code machine_file}, {@code block_file}),
 *                    the checksum of the file's bytes; empty for a record written without them
 */
public record RunRecord(ReplayParameters parameters, String traceSha256, Map<String, String> given,
                        Map<String, String> inputSha256) {

    public RunRecord {
        given = Map.copyOf(given);
        inputSha256 = Map.copyOf(inputSha256);
    }

    /** A record without the checksums of the input files. */
    public RunRecord(ReplayParameters parameters, String traceSha256, Map<String, String> given) {
        this(parameters, traceSha256, given, Map.of());
    }

    /** The file name in the run directory. */
    public static final String FILE = "run.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Parameters whose values are files, made absolute so that a resume works from any directory. */
    private static final String[] FILE_PARAMETERS = {"trace", "faults", "fault_model", "reservations"};

    /** Parameters whose values name files, made absolute: the files, and the machine's own files. */
    private static final String[] NAMING_FILES = {"trace", "faults", "fault_model", "reservations", "machine"};

    /** The key of {@link #given} in the record's JSON. */
    private static final String GIVEN = "given_as";

    /** The key of {@link #inputSha256} in the record's JSON. */
    private static final String INPUTS = "inputs_sha256";

    /** What each input file is called in a message. */
    private static final Map<String, String> INPUT_NAMES = Map.of("faults", "fault file", "fault_model", "fault model",
            "reservations", "reservation file", "machine_file", "machine file", "block_file", "block file");

    /** The record of a run of {@code parameters} reading {@code trace} (null: none). */
    public static RunRecord of(ReplayParameters parameters, TraceSource trace) throws IOException {
        ReplayParameters absolute = parameters;
        Map<String, String> given = new TreeMap<>();
        for (String key : NAMING_FILES) {
            var value = parameters.get(key);
            if (value.isPresent() && !(key.equals("trace") && value.get().equals(ReplayParameters.DEMO_TRACE))) {
                String file = absolute(key, value.get());
                absolute = absolute.with(key, file);
                if (!file.equals(value.get())) given.put(key, value.get());
            }
        }
        return new RunRecord(absolute, trace == null ? null
                : TraceChecksums.fromConfig(BgctlSettings.load()).sha256(trace), given);
    }

    /** True when {@code runDir} holds a record. */
    public static boolean exists(Path runDir) {
        return Files.isRegularFile(runDir.resolve(FILE));
    }

    /**
     * The record of the replay in {@code runDir}.
     *
     * @throws IllegalArgumentException when there is none, or it is not one
     */
    public static RunRecord read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException(runDir + " holds no " + FILE + ": not the run directory of a durable"
                    + " replay (actors with an h2 or postgres journal)");
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not a run record: " + e.getMessage());
        }
        return of(root, file.toString());
    }

    /**
     * The record {@code root} holds ({@link #fields()}), read from {@code where}.
     *
     * @throws IllegalArgumentException naming {@code where} when it is not one
     */
    public static RunRecord of(JsonNode root, String where) {
        JsonNode values = root.get("parameters");
        JsonNode sum = root.get("trace_sha256");
        if (values == null || !values.isObject() || sum == null || !(sum.isTextual() || sum.isNull()))
            throw new IllegalArgumentException(where + " is not a run record (no parameters or trace_sha256)");
        ReplayParameters parameters = ReplayParameters.none();
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            parameters = parameters.with(e.getKey(), e.getValue().asText());
        }
        return new RunRecord(parameters, sum.isNull() ? null : sum.asText(), texts(root.path(GIVEN)),
                texts(root.path(INPUTS)));
    }

    /** The fields of {@code object} as texts, in name order (none when it is missing). */
    private static Map<String, String> texts(JsonNode object) {
        Map<String, String> m = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            m.put(e.getKey(), e.getValue().asText());
        }
        return m;
    }

    /** The record as JSON-ready fields: {@code parameters} and {@code trace_sha256}. */
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("parameters", parameters.asMap());
        m.put("trace_sha256", traceSha256);
        if (!given.isEmpty()) m.put(GIVEN, new TreeMap<>(given));
        if (!inputSha256.isEmpty()) m.put(INPUTS, new TreeMap<>(inputSha256));
        return m;
    }

    /**
     * This record with the checksum of each input file its parameters name (fault file, fault model, reservation
     * file, the machine's own files), read now.
     *
     * @throws IllegalArgumentException naming the first that is gone, a directory or cannot be read
     */
    public RunRecord withInputChecksums() {
        Map<String, Path> files = new TreeMap<>(machineFiles());
        for (String key : FILE_PARAMETERS)
            if (!key.equals("trace")) parameters.get(key).ifPresent(file -> files.put(key, Path.of(file)));
        Map<String, String> sums = new TreeMap<>();
        for (Map.Entry<String, Path> e : files.entrySet()) {
            String what = INPUT_NAMES.getOrDefault(e.getKey(), e.getKey()) + " " + e.getValue();
            if (Files.isDirectory(e.getValue())) throw new IllegalArgumentException(what + ": a directory, not a file");
            try {
                sums.put(e.getKey(), TraceChecksums.read(e.getValue()));
            } catch (IOException failure) {
                String why = failure instanceof NoSuchFileException ? "no such file"
                        : "cannot be read: " + failure.getMessage();
                throw new IllegalArgumentException(what + ": " + why, failure);
            }
        }
        return new RunRecord(parameters, traceSha256, given, sums);
    }

    /** The keys of {@link #inputSha256} of the files a machine is read from ({@link MachineCatalog#files}). */
    public static final Set<String> MACHINE_FILES = Set.of("machine_file", "block_file");

    /** The files of the user's the run's machine is read from ({@link MachineCatalog#files}), by kind. */
    private Map<String, Path> machineFiles() {
        return parameters.get("machine").map(MachineCatalog::files).orElse(Map.of());
    }

    /**
     * Checks that every input file this record has a checksum of is still as the run read it.
     *
     * @throws IllegalArgumentException naming the first that is gone or whose bytes changed
     */
    public void checkInputs() {
        checkInputs(FILE, "cannot resume");
    }

    /**
     * Checks that every input file this record has a checksum of is still as the run read it, the record kept in
     * {@code recordedIn} and a refusal ending in {@code remedy}.
     *
     * @throws IllegalArgumentException naming the first that is gone or whose bytes changed
     */
    public void checkInputs(String recordedIn, String remedy) {
        for (String key : new TreeMap<>(inputSha256).keySet()) checkInput(key, recordedIn, remedy);
    }

    /**
     * Checks that the input file of parameter {@code key} (e.g. {@code reservations}) is still as the run read it,
     * when this record has its checksum; as {@link #checkInputs(String, String)}.
     *
     * @throws IllegalArgumentException naming the file when it is gone or its bytes changed
     */
    public void checkInput(String key, String recordedIn, String remedy) {
        String sha256 = inputSha256.get(key);
        if (sha256 == null) return;
        String file = machineFiles().containsKey(key) ? machineFiles().get(key).toString()
                : parameters.get(key).orElse("?");
        String what = "the " + INPUT_NAMES.getOrDefault(key, key) + " " + file;
        String now;
        try {
            now = TraceChecksums.read(Path.of(file));
        } catch (IOException gone) {
            throw new IllegalArgumentException(what + " cannot be read any more ("
                    + (gone instanceof NoSuchFileException ? "no such file" : gone.getMessage()) + "); " + remedy);
        }
        if (!now.equals(sha256))
            throw new IllegalArgumentException(what + " changed since the run started (its SHA-256 differs from "
                    + recordedIn + "); " + remedy);
    }

    /**
     * The parameters to resume with: each file as it was given when that names, from the working directory now, the
     * file the run read (so summary.json names it as the uninterrupted run's does), else by its absolute path.
     */
    public ReplayParameters resumeParameters() {
        ReplayParameters resumed = parameters;
        for (Map.Entry<String, String> e : given.entrySet()) {
            String now = absolute(e.getKey(), e.getValue());
            if (parameters.get(e.getKey()).map(now::equals).orElse(false))
                resumed = resumed.with(e.getKey(), e.getValue());
        }
        return resumed;
    }

    /**
     * The value of file parameter {@code key} naming its files by their absolute paths: the file itself, or for the
     * machine the files of the user's it is read from ({@link MachineCatalog#withFilesAbsolute}).
     */
    private static String absolute(String key, String value) {
        return key.equals("machine") ? MachineCatalog.withFilesAbsolute(value)
                : Path.of(value).toAbsolutePath().normalize().toString();
    }

    /** Writes the record into {@code runDir}, whole or not at all (a kill while writing leaves no record). */
    public void write(Path runDir) throws IOException {
        Path partial = runDir.resolve(FILE + ".partial");
        JSON.writeValue(partial.toFile(), fields());
        Files.move(partial, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Checks that {@code trace} is still the trace this record was made with.
     *
     * @throws IllegalArgumentException when its bytes changed
     */
    public void checkTrace(TraceSource trace) throws IOException {
        if (!TraceChecksums.read(trace).equals(traceSha256))
            throw new IllegalArgumentException("the trace " + parameters.get("trace").orElse("?")
                    + " changed since the run started (its SHA-256 differs from " + FILE + "); cannot resume");
    }
}
