package org.bgctl.cli;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalLocation;
import org.bgctl.run.AgentsDisagree;
import org.bgctl.run.RunRecord;
import org.bgctl.run.StoppedMidRun;

/**
 * The run directory a command writes: never one that already holds a run's outputs, and nothing left behind
 * when the command fails — the directories the command created (the run directory, and {@code runs/} when it
 * was missing too) are removed again with everything in them, so a malformed, binary, truncated or missing
 * input leaves no empty {@code runs/NAME} (nor a new number of it per try).
 */
final class OutputDirectory {

    /** What a finished or started run leaves in its directory (the journal is asked of {@link JournalLocation}). */
    private static final List<String> OUTPUTS = List.of("summary.json", "jobs.csv", "schedule.swf", "report.html");

    private OutputDirectory() {
    }

    /**
     * Checks that a new run may be written to {@code dir}.
     *
     * @param option the option that named it, for the message (e.g. {@code --out})
     * @throws IllegalArgumentException when {@code dir} is a file, or a directory holding a run's outputs
     */
    static void checkFree(Path dir, String option) {
        requireNoFile(dir, option);
        List<String> held = new ArrayList<>();
        for (String output : OUTPUTS) if (Files.exists(dir.resolve(output))) held.add(output);
        if (JournalLocation.exists(dir)) held.add("a journal");
        if (!held.isEmpty())
            throw new IllegalArgumentException(option + " " + dir + " already holds a run (" + String.join(", ", held)
                    + "); choose another " + option + " or remove it (nothing was changed)");
    }

    /**
     * Checks that {@code dir} is a directory or does not exist yet.
     *
     * @param option the option that named it, for the message (e.g. {@code --run})
     * @throws IllegalArgumentException when {@code dir} is a file
     */
    static void requireNoFile(Path dir, String option) {
        if (Files.exists(dir) && !Files.isDirectory(dir))
            throw new IllegalArgumentException(option + " " + dir + " is a file, not a directory");
    }

    /**
     * Runs {@code work}, which writes into {@code dir}; when it fails and {@code dir} did not exist before, removes
     * {@code dir} and everything in it before passing the failure on — but for a run that completed and whose agents
     * then disagreed with its journal ({@link AgentsDisagree}): its outputs are the evidence, and are kept; and for a
     * durable replay stopped mid-run by the loss of a cluster member ({@link StoppedMidRun}) that left its journal and
     * run record: it is kept as a killed or interrupted run is, for {@code replay --resume}.
     */
    static <T> T removedOnFailure(Path dir, Callable<T> work) throws Exception {
        Path created = firstMissing(dir.toAbsolutePath().normalize());
        try {
            return work.call();
        } catch (AgentsDisagree e) {
            throw e;
        } catch (StoppedMidRun e) {
            if (created != null && !resumable(dir)) remove(created);
            throw e;
        } catch (Exception | Error e) {
            if (created != null) remove(created);
            throw e;
        }
    }

    /** Whether {@code dir} holds what {@code replay --resume} continues: a run record and a journal. */
    static boolean resumable(Path dir) {
        return RunRecord.exists(dir) && JournalLocation.exists(dir);
    }

    /** The outermost of {@code dir} and its parents that does not exist (what creating {@code dir} creates), or null. */
    private static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) missing = p;
        return missing;
    }

    /** Removes {@code dir} and everything in it, if it exists. */
    static void remove(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) throw e;
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
