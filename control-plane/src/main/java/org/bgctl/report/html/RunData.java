package org.bgctl.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.FaultLog;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;

/**
 * What report.html shows of a run directory: its summary.json, its jobs (jobs.csv, else the journal of a serve
 * run) and its failures and repairs (faults.csv, else the journal; none known for a run with neither).
 *
 * @param faultsKnown whether the run recorded its failures and repairs (faults.csv or a journal)
 */
record RunData(JsonNode summary, List<JobRow> jobs, List<FaultLog.Change> faults, boolean faultsKnown) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads the run of {@code dir}.
     *
     * @throws IllegalArgumentException when the directory holds no summary.json, or neither jobs.csv nor a journal
     */
    static RunData read(Path dir) throws IOException {
        return read(dir, null);
    }

    /**
     * The run of {@code dir}, its jobs {@code jobs} when given (those its jobs.csv holds, as the replay that wrote it
     * saw them), else read from jobs.csv or the journal.
     */
    static RunData read(Path dir, List<JobRow> jobs) throws IOException {
        Path summaryFile = dir.resolve("summary.json");
        if (!Files.isRegularFile(summaryFile))
            throw new IllegalArgumentException(dir + " holds no summary.json: not a run directory, or a run still going");
        JsonNode summary = readSummary(summaryFile);
        Path csv = dir.resolve("jobs.csv");
        Path faultFile = dir.resolve(FaultLog.FILE);
        boolean journal = JournalLocation.exists(dir);
        if (Files.isRegularFile(csv)) {
            // a replay writes faults.csv when a component failed, and its summary counts the failures: only a run
            // that says neither (a server's) has its faults read from the journal
            boolean noFailures = summary.path("faults").path("failures").asLong(-1) == 0;
            List<FaultLog.Change> faults = Files.isRegularFile(faultFile) ? FaultLog.read(faultFile)
                    : journal && !noFailures ? faultsFromJournal(dir) : List.of();
            return new RunData(summary, jobs != null ? jobs : readCsv(csv), faults,
                    journal || Files.isRegularFile(faultFile) || noFailures);
        }
        if (!journal)
            throw new IllegalArgumentException(dir + " holds neither jobs.csv nor a journal to report on");
        RunData events = fromJournal(dir);
        return new RunData(summary, events.jobs(), events.faults(), true);
    }

    /** summary.json, refused in one line naming it when it is not a JSON object (cut short, emptied, overwritten). */
    private static JsonNode readSummary(Path file) throws IOException {
        JsonNode summary;
        try {
            summary = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ":" + e.getLocation().getLineNr() + ": not JSON ("
                    + e.getOriginalMessage() + ")");
        }
        if (summary == null || !summary.isObject())
            throw new IllegalArgumentException(file + ": not a summary.json of bgctl (expected a JSON object)");
        return summary;
    }

    private static List<FaultLog.Change> faultsFromJournal(Path dir) {
        FaultLog faults = new FaultLog();
        JournalReader.read(dir, faults::accept);
        return faults.changes();
    }

    private static RunData fromJournal(Path dir) {
        JobTable table = new JobTable();
        FaultLog faults = new FaultLog();
        JournalReader.read(dir, e -> {
            table.accept(e);
            faults.accept(e);
        });
        List<JobRow> jobs = new JobRows();
        for (JobRecord r : table.records()) jobs.add(JobRow.of(r));
        return new RunData(null, jobs, faults.changes(), true);
    }

    private static List<JobRow> readCsv(Path file) throws IOException {
        List<JobRow> jobs = new JobRows();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null || !header.startsWith("job_id,submit_s,start_s,end_s"))
                throw new IllegalArgumentException(file + ":1: not a jobs.csv of bgctl (expected " + JobsCsv.HEADER + ")");
            List<String> names = List.of(header.split(","));
            int size = names.indexOf("requested_size");
            int partition = names.indexOf("partition");
            int status = names.indexOf("status");
            long lineNumber = 1;
            for (String line; (line = in.readLine()) != null; ) {
                lineNumber++;
                List<String> f = fields(line);
                if (f.size() != names.size())
                    throw new IllegalArgumentException(file + ":" + lineNumber + ": not a row of jobs.csv (" + f.size()
                            + " fields, the header names " + names.size() + ")");
                try {
                    jobs.add(new JobRow(Long.parseLong(f.get(0)), Long.parseLong(f.get(1)), whole(f.get(2)),
                            whole(f.get(3)), Long.parseLong(f.get(size)), f.get(partition), f.get(status)));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException(file + ":" + lineNumber + ": not a row of jobs.csv (" + e.getMessage()
                            + ")");
                }
            }
        }
        return jobs;
    }

    private static long whole(String field) {
        return field.isEmpty() ? -1 : Long.parseLong(field);
    }

    /** The fields of a CSV line; a field in double quotes may hold commas and doubled quotes. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        if (line.indexOf('"') < 0) {
            int from = 0;
            for (int comma = line.indexOf(','); comma >= 0; comma = line.indexOf(',', from)) {
                fields.add(line.substring(from, comma));
                from = comma + 1;
            }
            fields.add(line.substring(from));
            return fields;
        }
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
