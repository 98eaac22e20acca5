package org.bgctl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a bgctl JVM that a process-level test starts, up to bgctl's own arguments. */
final class ChildJvm {

    private ChildJvm() {
    }

    /** {@link #command(String, List, String)} with the test's own class path. */
    static List<String> command(String heap, List<String> options) {
        return command(heap, options, System.getProperty("java.class.path"));
    }

    /**
     * This JVM's {@code java} with a heap of {@code heap}, 8 MiB stacks and C1 only, as {@code ./bgctl} starts a
     * short command (the C2 compiler's work costs such a run more than its faster code gains), then {@code options}
     * and bgctl's main class on {@code classPath}.
     */
    static List<String> command(String heap, List<String> options, String classPath) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-Xss8m", "-XX:TieredStopAtLevel=1"));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, Bgctl.class.getName()));
        return command;
    }
}
