package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.bgctl.journal.JournalKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which command lines start their replay's actor system before picocli parses them, and of which journal. */
class ReplayAheadTest {

    private static Optional<JournalKind> ahead(String line) {
        return ReplayAhead.journal(line.isEmpty() ? new String[0] : line.split(" "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"replay --trace t.swf", "replay --demo", "replay --trace t.swf --executor actors",
            "replay --trace t.swf --journal h2", "replay --trace t.swf --journal=h2 --executor=actors",
            "replay --trace t.swf --machine bgl --faults f.conf --first 100 --out d"})
    void theActorsWithAnH2JournalInVirtualTimeStartAhead(String line) {
        assertEquals(Optional.of(JournalKind.H2), ahead(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"replay --trace t.swf --journal memory", "replay --journal=memory --trace t.swf"})
    void aMemoryJournalStartsAheadToo(String line) {
        assertEquals(Optional.of(JournalKind.MEMORY), ahead(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "serve --machine bgl", "sweep --config s.conf", "inspect d",
            "replay --trace t.swf --executor direct", "replay --trace t.swf --executor=direct",
            "replay --trace t.swf --executor", "replay --trace t.swf --journal postgres",
            "replay --trace t.swf --journal runs/earlier", "replay --trace t.swf --journal",
            "replay --trace t.swf --speed 100", "replay --trace t.swf --speed=100 --port 8080",
            "replay --trace t.swf --cluster --members 2", "replay --trace t.swf --chaos drop=0.1",
            "replay --trace t.swf --chaos=drop=0.1", "replay --resume runs/a", "replay --from-run runs/a",
            "replay --help", "replay -h", "replay --version", "replay @options.txt"})
    void anythingElseStartsNothing(String line) {
        assertEquals(Optional.empty(), ahead(line));
    }
}
