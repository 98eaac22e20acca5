package org.bgctl.reservations;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bgctl.machine.MachineView;
import org.bgctl.run.InputFiles;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Reservations;

/**
 * A reservation file: one window a line, {@code START END WHAT [NAME]} ({@code #} starts a comment), read
 * against the machine it reserves on ({@link ReservationSpec}).
 */
public final class ReservationFile {

    private ReservationFile() {
    }

    /**
     * The windows of {@code file}, every one checked against {@code machine}.
     *
     * @throws IllegalArgumentException naming the file, the line and what is wrong
     */
    public static Reservations read(Path file, MachineView machine) {
        List<Reservation> windows = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int number = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                number++;
                line = InputFiles.line(line, number);
                int hash = line.indexOf('#');
                String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
                if (text.isEmpty()) continue;
                String where = file + ":" + number;
                Reservation r;
                try {
                    r = ReservationSpec.parse(text, "line-" + number, machine);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
                }
                if (!names.add(r.name()))
                    throw new IllegalArgumentException(where + ": reservation name '" + r.name() + "' is used twice");
                windows.add(r);
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ":" + (number + 1) + ": not UTF-8 text; a reservation file is"
                    + " lines of START END WHAT [NAME] (is it a binary file?)", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("reservation file " + file + ": cannot be read: " + e.getMessage(), e);
        }
        return new Reservations(windows);
    }
}
