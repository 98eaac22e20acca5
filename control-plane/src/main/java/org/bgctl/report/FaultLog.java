package org.bgctl.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The failures and repairs of a run, in the order they happened, as faults.csv ({@code time_s,component,change}
 * with change {@code down} or {@code up}): the fault timeline of report.html, also for a run without a journal.
 */
public final class FaultLog implements EventSink {

    /** The file's name in a run directory. */
    public static final String FILE = "faults.csv";

    /** The header row. */
    public static final String HEADER = "time_s,component,change";

    /** One failure or repair. */
    public record Change(long time, String component, boolean down) {
    }

    private final List<Change> changes = new ArrayList<>();

    @Override
    public void accept(SchedulerEvent e) {
        if (e instanceof ComponentFailed f) changes.add(new Change(f.time(), f.component(), true));
        else if (e instanceof ComponentRepaired r) changes.add(new Change(r.time(), r.component(), false));
    }

    public List<Change> changes() {
        return changes;
    }

    /** Writes faults.csv into {@code runDir} when the run had a failure or a repair. */
    public void writeInto(Path runDir) throws IOException {
        if (changes.isEmpty()) return;
        try (Writer w = Files.newBufferedWriter(runDir.resolve(FILE), StandardCharsets.UTF_8)) {
            w.write(HEADER + "\n");
            for (Change c : changes) w.write(c.time() + "," + c.component() + "," + (c.down() ? "down" : "up") + "\n");
        }
    }

    /** The changes of a faults.csv. */
    public static List<Change> read(Path file) throws IOException {
        List<Change> changes = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            if (f.length != 3 || !(f[2].equals("down") || f[2].equals("up")))
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected time_s,component,down|up");
            try {
                changes.add(new Change(Long.parseLong(f[0]), f[1], f[2].equals("down")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": time_s '" + f[0] + "' is not a whole number");
            }
        }
        return changes;
    }
}
