package org.bgctl.swf;

/**
 * A trace line that is not valid SWF. The message names the file, the 1-based line number and,
 * when one field is at fault, that field and its value, e.g.
 * {@code SDSC.swf line 1234, field 4 (run time): 'abc' is not a number}.
 */
public final class SwfFormatException extends RuntimeException {

    private final String fileName;
    private final long line;

    /**
     * A fault of the line as a whole: "SDSC.swf line 7: expected 18 fields, found 17".
     *
     * @param fileName the trace's file name (no directory)
     * @param line     the 1-based line number
     * @param problem  what is wrong
     */
    public SwfFormatException(String fileName, long line, String problem) {
        this(fileName, line, ": ", problem);
    }

    /** A fault in one field: "SDSC.swf line 1234, field 4 (run time): 'abc' is not a number". */
    public SwfFormatException(String fileName, long line, SwfField field, String problem) {
        this(fileName, line, ", " + field.describe() + ": ", problem);
    }

    private SwfFormatException(String fileName, long line, String where, String problem) {
        super(fileName + " line " + line + where + problem);
        this.fileName = fileName;
        this.line = line;
    }

    /** The trace's file name. */
    public String fileName() {
        return fileName;
    }

    /** The 1-based number of the bad line. */
    public long line() {
        return line;
    }
}
