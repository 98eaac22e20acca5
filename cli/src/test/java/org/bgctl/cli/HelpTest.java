package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HelpTest {

    static Stream<Arguments> helpRequests() {
        return Stream.of(
                Arguments.of(List.of("--help"), "Usage: bgctl"),
                Arguments.of(List.of("replay", "--help"), "Usage: bgctl replay"),
                Arguments.of(List.of("inspect", "--help"), "Usage: bgctl inspect"),
                Arguments.of(List.of("help", "replay"), "Usage: bgctl replay"),
                Arguments.of(List.of("--version"), "bgctl 0.1.0"));
    }

    @ParameterizedTest
    @MethodSource("helpRequests")
    void helpAndVersionExitWithZeroOnStandardOutput(List<String> args, String expected) {
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().contains(expected), run.out());
        assertEquals("", run.err());
    }

    @Test
    void replayHelpNamesTheSchedulersAndMachines() {
        String help = CliRun.of("replay", "--help").out();
        assertTrue(help.contains("fcfs, easy, conservative"), help);
        assertTrue(help.contains("flat:N"), help);
    }
}
