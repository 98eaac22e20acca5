package org.bgctl.faults;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.InputFiles;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.TimeBounds;

/**
 * A fault file: one health change a line, {@code TIME COMPONENT down|up}, TIME in whole seconds of
 * trace time, COMPONENT as the machine names it; {@code #} starts a comment, blank lines are skipped.
 * Lines may come in any time order; those of the same time apply in file order.
 */
public final class FaultScript {

    private FaultScript() {
    }

    /**
     * The changes of {@code file}, in time order, every component checked against {@code machine}.
     *
     * @throws IllegalArgumentException naming the file, the line, the field and what is wrong
     */
    public static List<HealthChange> read(Path file, MachineModel machine) {
        if (Files.isDirectory(file))
            throw new IllegalArgumentException("fault file " + file + ": a directory, not a fault file");
        List<HealthChange> changes = new ArrayList<>();
        int number = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                number++;
                HealthChange change = parse(InputFiles.line(line, number), machine, file + ":" + number);
                if (change != null) changes.add(change);
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ":" + (number + 1) + ": not UTF-8 text; a fault file is lines of"
                    + " TIME COMPONENT down|up (is it a binary file?)", e);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("fault file " + file + ": no such file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("fault file " + file + ": cannot be read: " + e.getMessage(), e);
        }
        changes.sort(Comparator.comparingLong(HealthChange::time));
        return changes;
    }

    /** One line's change, or null for a blank or comment line; {@code where} is FILE:LINE. */
    static HealthChange parse(String line, MachineModel machine, String where) {
        int hash = line.indexOf('#');
        String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
        if (text.isEmpty()) return null;
        String[] fields = text.split("\\s+");
        if (fields.length != 3)
            throw new IllegalArgumentException(where + ": " + fields.length + " fields, expected 3: TIME COMPONENT down|up");
        long time;
        try {
            time = Long.parseLong(fields[0]);
        } catch (NumberFormatException e) {
            // digits too many for a long are a whole number still, far beyond the limit (or below zero)
            if (fields[0].matches("[+-]?[0-9]+"))
                throw new IllegalArgumentException(where + ": field 1 (time): " + fields[0]
                        + (fields[0].startsWith("-") ? " is negative" : " is above the limit of "
                        + TimeBounds.describe(TimeBounds.MAX_TIME)));
            throw new IllegalArgumentException(where + ": field 1 (time): '" + fields[0]
                    + "' is not a whole number of seconds");
        }
        if (time < 0) throw new IllegalArgumentException(where + ": field 1 (time): " + time + " is negative");
        if (time > TimeBounds.MAX_TIME)
            throw new IllegalArgumentException(where + ": field 1 (time): " + time + " is above the limit of "
                    + TimeBounds.describe(TimeBounds.MAX_TIME));
        try {
            machine.componentClaims(fields[1]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": field 2 (component): " + e.getMessage(), e);
        }
        boolean up = switch (fields[2]) {
            case "up" -> true;
            case "down" -> false;
            default -> throw new IllegalArgumentException(where + ": field 3 (state): '" + fields[2]
                    + "' is neither down nor up");
        };
        return new HealthChange(time, fields[1], up);
    }
}
