package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bgctl.run.ReplayParameter;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
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

    @Test
    void serveTakesEveryRunOptionOfReplay() {
        String help = CliRun.of("serve", "--help").out();
        for (String option : List.of("--size-divide", "--sizes-in", "--shapes", "--torus-probability",
                "--pfcfs-threshold", "--boot-delay", "--backfill-increase", "--machine", "--scheduler", "--first"))
            assertTrue(help.contains(option + "="), option + " in " + help);
        CommandLine cli = Bgctl.commandLine();
        Set<String> replay = optionNames(cli.getSubcommands().get("replay"));
        Set<String> serve = optionNames(cli.getSubcommands().get("serve"));
        for (ReplayParameter p : ReplayParameters.known()) {
            assertTrue(replay.contains(p.option()), "replay " + p.option());
            if (!List.of("executor", "journal", "chaos", "until").contains(p.key())) assertTrue(serve.contains(p.option()), "serve " + p.option());
        }
    }

    @Test
    void serveReadsTheRunOptionsIntoItsParameters() {
        CommandLine cli = Bgctl.commandLine();
        cli.parseArgs("serve", "--machine", "flat:128", "--size-divide", "4", "--pfcfs-threshold", "50", "--fat-sizes");
        ServeCommand serve = cli.getSubcommands().get("serve").getCommand();
        assertEquals(ReplayParameters.none().with("machine", "flat:128").with("size_divide", 4)
                .with("pfcfs_threshold", 50).with("fat_sizes", true), serve.runOptions.given());
    }

    @Test
    void helpTellsWhichSchedulerRunsOnWhichMachine() {
        String help = CliRun.of("replay", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("pfcfs preemptive FCFS"), help);
        assertTrue(help.contains("runs on flat:N, bgl, torus-bgl, bgl-slurm, supernode[:XxYxZ[/N]], FILE.conf; settings"
                + " --pfcfs-threshold"), help);
        assertTrue(help.contains("conservative backfilling: a later job starts early when it delays no earlier job's"
                + " reservation runs on flat:N "), help);
        assertTrue(help.contains("Machine: flat:N, bgl, torus-bgl, bgl-slurm, supernode[:XxYxZ[/N]], buddy:N,"
                + " paragon-sdsc, paragon:FILE, FILE.conf"), help);
        assertTrue(!help.contains("flat only"), help);
    }

    @Test
    void sweepListsEveryRunParameterWithoutAWarning() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        CliRun run;
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            run = CliRun.of("sweep", "--help");
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", run.err());
        assertEquals("", warnings.toString(StandardCharsets.UTF_8), "picocli formats every line (a % is escaped)");
        for (ReplayParameter p : ReplayParameters.known()) assertTrue(run.out().contains("  " + p.key() + " "), p.key());
        assertTrue(run.out().contains("Schedulers (--scheduler NAME)"), run.out());
    }

    @Test
    void sweepHelpListsTheReplayParametersInAColumnWithinTheWidth() {
        String help = CliRun.of("sweep", "--help").out();
        int at = help.indexOf("Replay parameters (for --set, --axis, and a sweep file's base and axes):");
        assertTrue(at >= 0, help);
        List<String> lines = help.substring(at).lines().skip(1).filter(l -> !l.isBlank()).toList();
        for (String line : lines) {
            assertTrue(line.startsWith("  "), "a parameter or its description, indented: '" + line + "'");
            assertTrue(line.length() <= 80, "within 80 columns: '" + line + "'");
            if (!line.startsWith("   ")) assertTrue(line.matches("  [a-z_]+ +\\S.*"), "a key, then its text: '" + line + "'");
            else assertTrue(line.startsWith(" ".repeat(23)), "a description wrapped beside the keys: '" + line + "'");
        }
        assertTrue(lines.get(0).startsWith("  trace                SWF trace file"), lines.get(0));
        assertTrue(help.replaceAll("\\s+", " ").contains("demo: the bundled demo trace machine Machine:"), help);
    }

    @Test
    void aCommandsHelpNamesOnlyItsOwnOptionsOrSaysWhoseTheyAre() {
        CommandLine cli = Bgctl.commandLine();
        Set<String> commands = cli.getSubcommands().keySet();
        java.util.regex.Pattern mention = java.util.regex.Pattern.compile("(?:([a-z]+) )?(--[a-z][a-z0-9-]*)");
        for (String command : List.of("inspect", "status", "report", "submit", "cancel", "jobs", "fault", "reserve", "node")) {
            Set<String> own = optionNames(cli.getSubcommands().get(command));
            java.util.regex.Matcher m = mention.matcher(CliRun.of(command, "--help").out().replaceAll("\\s+", " "));
            while (m.find()) {
                if (m.group(1) != null && commands.contains(m.group(1)) && !m.group(1).equals(command)) continue;
                assertTrue(own.contains(m.group(2)), command + " --help names " + m.group(2) + ", which it does not take");
            }
        }
    }

    private static Set<String> optionNames(CommandLine command) {
        return command.getCommandSpec().options().stream().map(o -> o.longestName()).collect(Collectors.toSet());
    }
}
