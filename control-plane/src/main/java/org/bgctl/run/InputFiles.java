package org.bgctl.run;

/** What the line-by-line readers of a run's input files (faults, reservations) share. */
public final class InputFiles {

    private InputFiles() {
    }

    /**
     * Line {@code number} (from 1) of a file as its fields are to be read: the first line without the UTF-8 byte
     * order mark an editor may write at the start of a file (Windows Notepad does), which would otherwise join the
     * first field.
     */
    public static String line(String line, int number) {
        return number == 1 && line.startsWith("\uFEFF") ? line.substring(1) : line;
    }
}
