package org.bgctl.reservations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.bgctl.journal.RunInputsTable;
import org.bgctl.machine.MachineView;
import org.bgctl.run.RunRecord;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The reservation windows of a recorded run as its journal leaves them: those of the reservation file the run was
 * given (its recorded inputs: run.json of a durable replay, the inputs a server journaled, the parameters a replay
 * of a serve run's journal records in its summary.json), then those placed and cancelled through the API, fed as the
 * journal is read.
 */
public final class RunReservations implements EventSink {

    private Reservations windows;

    private RunReservations(Reservations windows) {
        this.windows = windows;
    }

    /**
     * The windows of the reservation file {@code run} was given, to be followed by its journal's events.
     *
     * @throws IllegalArgumentException naming the file when it can no longer be read as the run read it
     */
    public static RunReservations of(Path run, MachineView machine) throws IOException {
        Optional<String> file = reservationFile(run);
        return new RunReservations(file.isEmpty() ? Reservations.NONE : ReservationFile.read(Path.of(file.get()), machine));
    }

    /** The reservation file of the run's recorded inputs, checked to be as the run read it when they hold its checksum. */
    private static Optional<String> reservationFile(Path run) throws IOException {
        String remedy = "the windows the run held cannot be read from it (nothing was read)";
        if (RunRecord.exists(run)) {
            RunRecord record = RunRecord.read(run);
            record.checkInput("reservations", RunRecord.FILE, remedy);
            return record.parameters().get("reservations");
        }
        Optional<String> journaled = RunInputsTable.latest(run);
        if (journaled.isPresent()) {
            RunRecord record = RunRecord.of(new ObjectMapper().readTree(journaled.get()), "the inputs journaled in " + run);
            record.checkInput("reservations", "the journal's", remedy);
            return record.parameters().get("reservations");
        }
        // a replay of a serve run records the parameters it was re-driven with in its summary.json, as a server does
        Path summary = run.resolve("summary.json");
        if (!Files.isRegularFile(summary)) return Optional.empty();
        JsonNode file = new ObjectMapper().readTree(summary.toFile()).path("parameters").path("reservations");
        return file.isTextual() ? Optional.of(file.asText()) : Optional.empty();
    }

    @Override
    public void accept(SchedulerEvent e) {
        if (e instanceof ReservationPlaced p) windows = windows.without(p.reservation().name()).with(p.reservation());
        if (e instanceof ReservationCancelled c) windows = windows.without(c.name());
    }

    /** The windows in force: the file's, and those placed and not cancelled by the events fed so far. */
    public Reservations windows() {
        return windows;
    }
}
