package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.bgctl.journal.JournalKind;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * bgctl's flat-machine schedules equal, job by job, those of the independent textbook
 * implementation in verify/ (golden files made by {@code verify/textbook_flat.py}) on
 * excerpts of two real traces — through the direct executor and through the actors.
 */
class ReplayGoldenTest {

    static Stream<Arguments> cases() {
        return Stream.of("fcfs", "easy", "conservative").flatMap(s -> Stream.of(
                Arguments.of(Runs.SDSC, "flat:128", s, "sdsc-first1000-" + s),
                Arguments.of(Runs.NASA, "flat:128", s, "nasa-first1000-" + s),
                Arguments.of(Runs.NASA, "flat:32", s, "nasa-first1000-32nodes-" + s)));
    }

    @ParameterizedTest(name = "{3} direct")
    @MethodSource("cases")
    void directRunMatchesTheTextbook(TraceSource trace, String machine, String scheduler, String golden,
                                     @TempDir Path dir) throws Exception {
        Runs.replay(trace, machine, scheduler, ExecutorKind.DIRECT, JournalKind.MEMORY, dir);
        assertMatches(golden, dir);
    }

    @ParameterizedTest(name = "{3} actors")
    @MethodSource("cases")
    void actorRunMatchesTheTextbook(TraceSource trace, String machine, String scheduler, String golden,
                                    @TempDir Path dir) throws Exception {
        Runs.replay(trace, machine, scheduler, ExecutorKind.ACTORS, JournalKind.MEMORY, dir);
        assertMatches(golden, dir);
    }

    private static void assertMatches(String golden, Path dir) throws Exception {
        Map<Long, Long> expected = Runs.starts(Runs.resourceLines("/golden/" + golden + ".csv"));
        Map<Long, Long> actual = Runs.starts(Runs.lines(dir.resolve("jobs.csv")));
        assertEquals(expected.size(), actual.size(), "jobs scheduled");
        assertEquals(expected, actual);
    }
}
