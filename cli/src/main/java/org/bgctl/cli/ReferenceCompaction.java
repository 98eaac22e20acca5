package org.bgctl.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigSyntax;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The package step's compaction of the jar's {@code reference.conf}: the shaded jar holds the reference configuration
 * of every Akka module, Slick and bgctl appended in one file of some 290 kB, mostly comments, which every actor
 * system parses before it starts. This writes it back as the same configuration, unresolved (substitutions and
 * {@code +=} stay as they were, to be resolved over a user's own configuration), in HOCON without comments or
 * indentation: about a sixth of the size, and a shorter parse on the thread that starts a replay's actor system.
 * The file is replaced only when the compact text parses back to a configuration equal to the original, unresolved
 * and resolved; otherwise it is left as it was, with a warning.
 */
public final class ReferenceCompaction {

    static final String REFERENCE = "reference.conf";

    /**
     * bgctl's settings of Akka's own, which the control plane's reference.conf includes: the jar appends bgctl's
     * reference.conf before Akka's, whose defaults would replace them, so they are laid over the whole.
     */
    static final String AKKA_SETTINGS = "bgctl-akka.conf";

    private ReferenceCompaction() {
    }

    /** Compacts the reference configuration of the jar {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ReferenceCompaction JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            Path reference = zip.getPath(REFERENCE);
            if (!Files.exists(reference)) return;
            String text = Files.readString(reference, StandardCharsets.UTF_8);
            Path akka = zip.getPath(AKKA_SETTINGS);
            Optional<String> compact = compact(text,
                    Files.exists(akka) ? Files.readString(akka, StandardCharsets.UTF_8) : "");
            if (compact.isEmpty()) {
                System.err.println("bgctl: " + jar.getFileName() + "'s " + REFERENCE
                        + " does not parse back equal when compacted; left as it is");
                return;
            }
            Files.writeString(reference, compact.get(), StandardCharsets.UTF_8);
        }
    }

    /**
     * {@code text}, a HOCON configuration, rendered without comments or layout; empty when that does not parse back
     * to an equal configuration, unresolved and resolved over the system properties (as Akka resolves its reference).
     */
    static Optional<String> compact(String text) {
        return compact(text, "");
    }

    /** {@code text} with the configuration {@code over} laid over it, compacted as {@link #compact(String)} does. */
    static Optional<String> compact(String text, String over) {
        ConfigParseOptions options = ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF)
                .setOriginDescription(REFERENCE);
        Config original = ConfigFactory.parseString(over, options).withFallback(ConfigFactory.parseString(text, options));
        String compact = original.root().render(ConfigRenderOptions.concise().setJson(false));
        try {
            Config back = ConfigFactory.parseString(compact, options);
            Config properties = ConfigFactory.systemProperties();
            boolean equal = back.equals(original)
                    && properties.withFallback(back).resolve().equals(properties.withFallback(original).resolve());
            return equal ? Optional.of(compact) : Optional.empty();
        } catch (ConfigException e) {
            return Optional.empty();
        }
    }
}
