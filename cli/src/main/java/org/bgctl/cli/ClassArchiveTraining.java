package org.bgctl.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The commands whose classes the build archives for class-data sharing: the package step runs this class in a JVM
 * started with {@code -XX:DumpLoadedClassList}, dumps the classes listed into a static archive with
 * {@code -Xshare:dump} (cli/pom.xml), and {@code ./bgctl} maps the archive into each JVM it starts, so that a command
 * does not load, parse and verify again the thousands of classes of picocli, Akka, H2 and Jackson that a replay
 * needs. Replays of the bundled demo: direct, through the actors with the H2 journal and
 * with the memory journal, and on bgl; their outputs go to a temporary directory, removed afterwards.
 */
public final class ClassArchiveTraining {

    /** The replays run, each given its own output directory after these arguments. */
    static final List<List<String>> REPLAYS = List.of(
            List.of("replay", "--demo", "--quiet", "--executor", "direct", "--journal", "memory"),
            List.of("replay", "--demo", "--quiet", "--executor", "actors", "--journal", "h2"),
            List.of("replay", "--demo", "--quiet", "--executor", "actors", "--journal", "memory"),
            List.of("replay", "--demo", "--quiet", "--executor", "direct", "--journal", "memory", "--machine", "bgl",
                    "--size-divide", "4", "--sizes-in", "units", "--shapes", "slim", "--torus-probability", "1"));

    private ClassArchiveTraining() {
    }

    public static void main(String[] args) throws IOException {
        LoggerFactory.getLogger(ClassArchiveTraining.class);
        Path work = Files.createTempDirectory("bgctl-class-archive");
        int exit;
        try {
            exit = train(work);
        } finally {
            OutputDirectory.remove(work);
        }
        System.exit(exit);
    }

    /** Runs {@link #REPLAYS} with their outputs under {@code work}; answers 0, or the first failure's exit code. */
    static int train(Path work) {
        for (int i = 0; i < REPLAYS.size(); i++) {
            CommandLine cli = Bgctl.commandLine();
            StringWriter output = new StringWriter();
            cli.setOut(new PrintWriter(output, true));
            cli.setErr(new PrintWriter(output, true));
            String[] args = Stream.concat(REPLAYS.get(i).stream(), Stream.of("--out", work.resolve("run-" + i).toString()))
                    .toArray(String[]::new);
            int exit = cli.execute(args);
            if (exit != 0) {
                System.err.println("bgctl class archive: 'bgctl " + String.join(" ", args) + "' failed:\n" + output);
                return exit;
            }
        }
        return 0;
    }
}
