package org.bgctl.cli;

import java.util.Optional;
import org.bgctl.journal.JournalKind;

/**
 * Reads a command line's words, before picocli parses them, for a replay whose actor system can start at once
 * ({@link org.bgctl.run.ActorsAhead}): {@code bgctl replay} with the actors (the default) and a memory or h2 journal
 * (h2 is the default), in virtual time (no {@code --speed}, {@code --port}), in this JVM (no {@code --cluster}),
 * without chaos mode, neither resuming nor re-driving a recorded run, nor asking for help. Any word that may say
 * otherwise means no: picocli alone decides what the command line says, and the guess only saves time.
 */
final class ReplayAhead {

    private ReplayAhead() {
    }

    /** The journal kind of the replay {@code args} make, when its actor system can start before they are parsed. */
    static Optional<JournalKind> journal(String[] args) {
        if (args.length == 0 || !args[0].equals("replay")) return Optional.empty();
        JournalKind journal = JournalKind.H2;
        for (int i = 1; i < args.length; i++) {
            String word = args[i];
            if (word.startsWith("@")) return Optional.empty(); // an argument file: its words are unseen
            int eq = word.startsWith("--") ? word.indexOf('=') : -1;
            String name = eq > 0 ? word.substring(0, eq) : word;
            String value = eq > 0 ? word.substring(eq + 1) : i + 1 < args.length ? args[i + 1] : "";
            switch (name) {
                case "--executor" -> {
                    if (!value.equals("actors")) return Optional.empty();
                }
                case "--journal" -> {
                    if (value.equals("h2")) journal = JournalKind.H2;
                    else if (value.equals("memory")) journal = JournalKind.MEMORY;
                    else return Optional.empty();
                }
                case "--speed", "--port", "--cluster", "--chaos", "--resume", "--from-run", "--help", "-h",
                        "--version", "-V" -> {
                    return Optional.empty();
                }
                default -> {
                }
            }
        }
        return Optional.of(journal);
    }
}
