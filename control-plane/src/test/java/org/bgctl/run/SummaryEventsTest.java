package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.json's events counts every scheduler event, the kills and the health changes too (docs/semantics.md). */
class SummaryEventsTest {

    @TempDir
    Path dir;

    @Test
    void eventsCountTheKillsAndTheFailuresToo() throws Exception {
        // flat:4: jobs 1 and 2 (2 nodes, 1000 s) start at 0; nodes 0 and 2 fail at 5 and kill both (--on-kill fail);
        // job 3 (4 nodes) never starts. 3 submitted + 2 started + 2 killed + 2 failures = 9.
        Path trace = Files.write(dir.resolve("kill.swf"), List.of("; MaxNodes: 4",
                "1 0 0 1000 2 -1 -1 2 1000 -1 1 1 1 1 1 -1 -1 -1",
                "2 0 0 1000 2 -1 -1 2 1000 -1 1 1 1 1 1 -1 -1 -1",
                "3 10 0 1000 4 -1 -1 4 1000 -1 1 1 1 1 1 -1 -1 -1"));
        Path faults = Files.write(dir.resolve("kill.faults"), List.of("5 node-0 down", "5 node-2 down"));
        Path out = dir.resolve("run");
        Replay.run(ReplayParameters.none().with("trace", trace).with("executor", "direct").with("journal", "memory")
                .with("machine", "flat:4").with("faults", faults).with("on_kill", "fail").toSpec(out),
                Progress.none(), Duration.ofMinutes(1));
        Matcher events = Pattern.compile("\"events\" : (\\d+)").matcher(Files.readString(out.resolve("summary.json")));
        assertTrue(events.find());
        assertEquals("9", events.group(1));
    }
}
