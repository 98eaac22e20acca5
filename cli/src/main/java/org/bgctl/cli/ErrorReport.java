package org.bgctl.cli;

import com.typesafe.config.ConfigException;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.List;
import java.util.zip.ZipException;
import org.bgctl.swf.SwfFormatException;
import picocli.CommandLine;

/**
 * The one place that tells a person what went wrong: one line {@code bgctl COMMAND: what is wrong and where},
 * then, for bad input, one line {@code see: bgctl COMMAND --help}; the stack trace only with {@code --debug}.
 * Bad input — an option, a trace, a machine, site, fault or fault-model file (HOCON syntax errors included), a
 * run directory, a server that is not there — exits {@link Bgctl#BAD_INPUT}; anything else exits 1.
 */
final class ErrorReport {

    /** The option that adds the stack trace to an error. */
    static final String DEBUG = "--debug";

    private ErrorReport() {
    }

    /** Reports a bad option or argument, found while parsing or by the command itself; answers the exit code. */
    static int parameter(CommandLine.ParameterException e, String[] args) {
        String message = e.getMessage().replaceFirst("^Error: ", ""); // picocli's, for a missing required argument
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty())
            message += " (did you mean " + String.join(" or ", u.getSuggestions()) + "?)";
        return print(e.getCommandLine(), message, e, true, List.of(args).contains(DEBUG));
    }

    /** Reports what a command threw; answers the exit code. */
    static int execution(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
        if (e instanceof CommandLine.ParameterException p) return parameter(p, parsed.originalArgs().toArray(String[]::new));
        return print(command, message(e), e, badInput(e), parsed.originalArgs().contains(DEBUG));
    }

    private static int print(CommandLine command, String message, Exception e, boolean bad, boolean debug) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        err.println(name + ": " + oneLine(message));
        if (bad) err.println("see: " + name + " --help");
        if (debug) e.printStackTrace(err);
        err.flush();
        return bad ? Bgctl.BAD_INPUT : 1;
    }

    static boolean badInput(Throwable e) {
        return e instanceof IllegalArgumentException || e instanceof SwfFormatException || e instanceof IOException
                || e instanceof UncheckedIOException || e instanceof ConfigException;
    }

    /** What is wrong, in words: a file error names the file and why, not only the file. */
    static String message(Throwable e) {
        if (e instanceof UncheckedIOException u && u.getCause() != null
                && (u.getMessage() == null || u.getMessage().equals(u.getCause().toString())))
            return message(u.getCause());
        if (e instanceof NoSuchFileException f) return f.getFile() + ": no such file or directory";
        if (e instanceof AccessDeniedException f) return f.getFile() + ": permission denied";
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + ": already exists";
        if (e instanceof NotDirectoryException f) return f.getFile() + ": not a directory";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getFile() + ": " + f.getReason();
        if (e instanceof CharacterCodingException) return "not UTF-8 text (a binary file?)";
        if (e instanceof ZipException || e instanceof EOFException)
            return "the gzip data is truncated or corrupt (" + e.getMessage() + ")";
        if (e instanceof ConfigException c) return c.getMessage();
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.toString() : m;
    }

    /**
     * A message of several lines as one: each further line joined to the one before by a space after a colon,
     * else by {@code ; } — {@code 2 runs cannot start: run 1 (...): ...; run 2 (...): ...}.
     */
    static String oneLine(String message) {
        StringBuilder line = new StringBuilder();
        for (String part : message.split("\\R")) {
            String text = part.strip();
            if (text.isEmpty()) continue;
            if (!line.isEmpty()) line.append(line.charAt(line.length() - 1) == ':' ? " " : "; ");
            line.append(text);
        }
        return line.toString();
    }
}
