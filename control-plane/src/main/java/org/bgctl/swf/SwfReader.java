package org.bgctl.swf;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.bgctl.scheduler.TimeBounds;

/**
 * Streams the job lines of an SWF trace as {@link SwfRecord}s, one line at a time, so a trace of any
 * size is read in constant memory. A gzip-compressed trace is recognised by its magic bytes, whatever
 * its name. Lines end with {@code \n}, {@code \r\n} or {@code \r}; a UTF-8 byte order mark at the start is skipped.
 *
 * <p>The header (the {@code ;} lines before the first job line) is read on open. Later {@code ;} lines
 * and blank lines are ignored. A job line has exactly 18 whitespace-separated numbers. Fields 6, 7 and
 * 10 accept decimals. The times (fields 2, 3, 4, 9 and 18) may have decimals too, as the SWF definition
 * permits: a time of at least 0 is rounded to the nearest second, halves up ({@code 12.5} is 13). The
 * other fields are integers, and a fractional part is accepted only when it is all zeros ({@code 12.0},
 * {@code 12.00}), since some converters write every field that way; {@code 12.5} there is an error. Exponents ({@code 1e5}) are not accepted anywhere. A submit time above
 * {@link TimeBounds#MAX_TIME} or below 0 other than -1 (unknown), or a run or requested time above
 * {@link TimeBounds#MAX_DURATION} is an error too, and so are a decimal too large for a double and a job number (field 1) that an earlier job line has: job numbers
 * must be unique, in any order, except on the lines of partial executions (status 2, 3 or 4), which repeat the number of
 * their job's summary line.
 *
 * <p>In strict mode a malformed line throws {@link SwfFormatException} naming the file, line, field
 * and value. In lenient mode it is skipped and counted; the first {@value #KEPT_MESSAGES} messages
 * are kept.
 */
public final class SwfReader implements Iterator<SwfRecord>, Closeable {

    /** A value below this takes any further digit without overflow; this value only digits up to {@link #LAST_DIGIT}. */
    private static final long LAST_SAFE = Long.MAX_VALUE / 10;
    private static final int LAST_DIGIT = (int) (Long.MAX_VALUE % 10);

    /** How many skipped-line messages a lenient reader keeps. */
    public static final int KEPT_MESSAGES = 10;

    private static final int BUFFER = 1 << 16;
    private static final byte[] BYTE_ORDER_MARK = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
    private static final SwfField[] FIELDS = SwfField.values();
    private static final long[] POWERS_OF_TEN = {
            1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
            1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L,
            10_000_000_000_000L, 100_000_000_000_000L, 1_000_000_000_000_000L};

    private final TraceLines in;
    private final String fileName;
    private final boolean lenient;
    private final SwfHeader header;
    private final int[] tokenStart = new int[SwfField.COUNT];
    private final int[] tokenEnd = new int[SwfField.COUNT];
    /** The fields of the line being parsed, by field number - 1: the integers, and those that may have decimals. */
    private final long[] integers = new long[SwfField.COUNT];
    private final double[] decimals = new double[SwfField.COUNT];
    private final List<String> skippedMessages = new ArrayList<>();
    private final JobNumbers jobNumbers = new JobNumbers();

    /** The header ended at the current line, the first job line, which is yet to be parsed. */
    private boolean firstJobLine;
    private long linesRead;
    private long recordLine;
    private long nextLine;
    private SwfRecord next;
    private boolean exhausted;
    private long skipped;

    private SwfReader(TraceLines in, String fileName, boolean lenient) throws IOException {
        this.in = in;
        this.fileName = fileName;
        this.lenient = lenient;
        this.header = readHeader();
    }

    /**
     * Checks that {@code file} is a trace that can be opened.
     *
     * @throws IOException saying why not: missing, a directory, or not readable
     */
    public static void checkReadable(Path file) throws IOException {
        if (Files.isDirectory(file)) throw new IOException("trace " + file + " is a directory, not a file");
        if (!Files.exists(file)) throw new IOException("trace " + file + ": no such file");
        if (!Files.isRegularFile(file)) throw new IOException("trace " + file + " is not a regular file");
        if (!Files.isReadable(file)) throw new IOException("trace " + file + ": permission denied");
    }

    /** Opens a trace file, plain or gzip-compressed. */
    public static SwfReader open(Path file, boolean lenient) throws IOException {
        return open(Files.newInputStream(file), file.getFileName().toString(), lenient);
    }

    /**
     * Reads a trace from a stream (e.g. a class-path resource), plain or gzip-compressed.
     * The reader owns the stream and closes it.
     *
     * @param name how error messages name the trace
     */
    public static SwfReader open(InputStream stream, String name, boolean lenient) throws IOException {
        try {
            BufferedInputStream buffered = new BufferedInputStream(stream, BUFFER);
            InputStream raw;
            try {
                raw = withoutByteOrderMark(isGzip(buffered) ? new GZIPInputStream(buffered, BUFFER) : buffered);
            } catch (IOException e) {
                throw new IOException(name + ": " + unreadable(e), e);
            }
            return new SwfReader(new TraceLines(raw, BUFFER), name, lenient);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    private static boolean isGzip(BufferedInputStream in) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b;
    }

    /**
     * The stream without the UTF-8 byte order mark an editor may write at its start (Windows Notepad does), which
     * would otherwise join the first line: a header comment would read as a job line.
     *
     * @throws IOException for a UTF-16 byte order mark, which would otherwise read as a binary file
     */
    private static InputStream withoutByteOrderMark(InputStream in) throws IOException {
        PushbackInputStream pushback = new PushbackInputStream(in, BYTE_ORDER_MARK.length);
        byte[] start = pushback.readNBytes(BYTE_ORDER_MARK.length);
        if (start.length >= 2 && (start[0] == (byte) 0xff && start[1] == (byte) 0xfe
                || start[0] == (byte) 0xfe && start[1] == (byte) 0xff))
            throw new IOException("UTF-16 text (its byte order mark says so), as Windows PowerShell writes with '>';"
                    + " a trace is read as ASCII or UTF-8: save it as UTF-8");
        if (!Arrays.equals(start, BYTE_ORDER_MARK)) pushback.unread(start);
        return pushback;
    }

    private SwfHeader readHeader() throws IOException {
        List<String> comments = new ArrayList<>();
        while (headerLine()) {
            linesRead++;
            String line = in.text();
            int first = firstVisible(line);
            if (line.indexOf('\0') >= 0) throw notText(linesRead);
            if (first == line.length()) continue;
            if (line.charAt(first) != ';') {
                if (!lenient && notText(line)) throw notText(linesRead);
                firstJobLine = true;
                break;
            }
            comments.add(line.substring(first));
        }
        return SwfHeader.parse(comments);
    }

    private boolean headerLine() throws IOException {
        try {
            return in.advance();
        } catch (IOException e) {
            throw new IOException(fileName + " line " + (linesRead + 1) + ": " + unreadable(e), e);
        }
    }

    private static int firstVisible(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) <= ' ') i++;
        return i;
    }

    /** The first byte in [from, end) above a space (any byte of a non-ASCII character is), {@code end} when none is. */
    private static int firstVisible(byte[] line, int from, int end) {
        int i = from;
        while (i < end && (line[i] & 0xff) <= ' ') i++;
        return i;
    }

    /** The header read on open; empty if the trace has none. */
    public SwfHeader header() {
        return header;
    }

    /** The name error messages use for this trace. */
    public String fileName() {
        return fileName;
    }

    /** Whether malformed lines are skipped rather than thrown. */
    public boolean isLenient() {
        return lenient;
    }

    /** The 1-based line number of the record last returned by {@link #next()}, 0 before the first. */
    public long lineNumber() {
        return recordLine;
    }

    /** How many malformed lines a lenient reader has skipped so far. */
    public long skippedLines() {
        return skipped;
    }

    /**
     * Keeps the message of a line its caller set aside in lenient mode (a job submitted before an earlier one),
     * with the messages of the malformed lines, among the first {@value #KEPT_MESSAGES}.
     */
    public void keepMessage(String message) {
        if (skippedMessages.size() < KEPT_MESSAGES) skippedMessages.add(message);
    }

    /** The messages of the first {@value #KEPT_MESSAGES} lines skipped or set aside. */
    public List<String> skippedLineMessages() {
        return List.copyOf(skippedMessages);
    }

    /**
     * The largest job number of the job lines read so far, whatever became of their jobs (those a workload sets aside
     * included, not lines skipped as malformed); 0 before any.
     */
    public long largestJobNumber() {
        return jobNumbers.largest();
    }

    @Override
    public boolean hasNext() {
        if (next == null && !exhausted) advance();
        return next != null;
    }

    @Override
    public SwfRecord next() {
        // Reads ahead here only when hasNext() was not asked first. A reader's loop asks it before every next(), and
        // then the JIT compiles next() without the line reading and parsing, which hasNext() has compiled already.
        if (next == null && !hasNext()) throw new NoSuchElementException(fileName + ": no more job lines");
        SwfRecord record = next;
        next = null;
        recordLine = nextLine;
        return record;
    }

    private void advance() {
        while (nextJobLine()) {
            try {
                SwfRecord record = parse(in.bytes(), linesRead);
                // a partial execution repeats its job's number, as the SWF definition writes it
                if (!record.isPartialExecution() && !jobNumbers.add(record.jobId()))
                    throw new SwfFormatException(fileName, linesRead, "job " + record.jobId()
                            + " repeats the job number of an earlier line (job numbers must be unique)");
                next = record;
                nextLine = linesRead;
                return;
            } catch (SwfFormatException e) {
                if (!lenient) throw notText(in.text()) ? notText(linesRead) : e;
                skipped++;
                keepMessage(e.getMessage());
            }
        }
        exhausted = true;
    }

    /** Moves to the next job line, skipping comments and blank lines; false at the end of the trace. */
    private boolean nextJobLine() {
        if (firstJobLine) {
            firstJobLine = false;
            return true;
        }
        try {
            while (in.advance()) {
                linesRead++;
                byte[] line = in.bytes();
                int first = firstVisible(line, in.start(), in.end());
                if (first < in.end() && line[first] != ';') return true;
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + " line " + (linesRead + 1) + ": " + unreadable(e), e);
        }
    }

    /**
     * Whether a job line is not text: a NUL byte, or bytes that are not UTF-8 (read as U+FFFD). No SWF job line
     * has either, so the file is binary (or compressed other than with gzip); header comments may hold other
     * encodings' letters, and only a NUL there is taken for binary.
     */
    private static boolean notText(String jobLine) {
        return jobLine.indexOf('\0') >= 0 || jobLine.indexOf('\uFFFD') >= 0;
    }

    private SwfFormatException notText(long lineNo) {
        return new SwfFormatException(fileName, lineNo, "not a text file: is it a binary file, or compressed other"
                + " than with gzip?");
    }

    /** Why the trace cannot be read on: a truncated or corrupt gzip stream, bytes that are not text, or the I/O error. */
    private static String unreadable(IOException e) {
        if (e instanceof EOFException || e instanceof ZipException)
            return "the gzip data is truncated or corrupt" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
        if (e instanceof CharacterCodingException) return "not UTF-8 text (a binary file?)";
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    private SwfRecord parse(byte[] line, long lineNo) {
        int found = tokenize(line);
        if (found != SwfField.COUNT)
            throw new SwfFormatException(fileName, lineNo, "expected " + SwfField.COUNT + " fields, found " + found);
        // One field after the other in a loop, in file order, so the first bad field is the one reported: the
        // number reading is compiled once, not once per field, in every method the JIT inlines the parsing into.
        for (SwfField field : FIELDS) read(line, lineNo, field);
        long[] n = integers;
        double[] d = decimals;
        return new SwfRecord(n[0], n[1], n[2], n[3], (int) n[4], d[5], d[6], (int) n[7], n[8], d[9], (int) n[10],
                (int) n[11], (int) n[12], (int) n[13], (int) n[14], (int) n[15], n[16], n[17]);
    }

    /**
     * Reads {@code field} into {@link #integers} or, for a field that may have decimals, {@link #decimals}: a time at
     * most {@link TimeBounds#MAX_TIME}, a run or requested time at most {@link TimeBounds#MAX_DURATION}, a job number
     * as any positive long, the wait or think time as any long, and the other fields as ints.
     */
    private void read(byte[] line, long lineNo, SwfField field) {
        int k = field.number() - 1;
        if (field.isDecimal()) {
            decimals[k] = decimal(line, lineNo, field);
            return;
        }
        long value = integer(line, lineNo, field);
        switch (field) {
            case SUBMIT -> {
                // a job would start before the run's origin, and a start below 0 reads as never started
                if (value < SwfRecord.UNKNOWN)
                    throw bad(line, lineNo, field, "is negative: a submit time is -1 (unknown) or at least 0");
                atMost(line, lineNo, field, value, TimeBounds.MAX_TIME);
            }
            case RUN, REQ_TIME -> atMost(line, lineNo, field, value, TimeBounds.MAX_DURATION);
            // the standard's job number is a counter from 1; nothing numbers a job 0 or less
            case JOB_ID -> {
                if (value < 1) throw bad(line, lineNo, field, "is not a job number: SWF job numbers count from 1");
            }
            case WAIT, PRECEDING_JOB, THINK_TIME -> { }
            default -> {
                if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)
                    throw bad(line, lineNo, field, "is out of range");
            }
        }
        integers[k] = value;
    }

    /** Finds the whitespace-separated tokens, recording the first 18; returns how many there are. */
    private int tokenize(byte[] line) {
        int count = 0;
        int i = in.start();
        int n = in.end();
        while (true) {
            while (i < n && (line[i] & 0xff) <= ' ') i++;
            if (i == n) return count;
            int start = i;
            while (i < n && (line[i] & 0xff) > ' ') i++;
            if (count < SwfField.COUNT) {
                tokenStart[count] = start;
                tokenEnd[count] = i;
            }
            count++;
        }
    }

    /** Checks an integer field of seconds against its limit ({@link TimeBounds}): a submit time, a run or requested time. */
    private void atMost(byte[] line, long lineNo, SwfField field, long value, long max) {
        if (value > max) throw bad(line, lineNo, field, "is above the limit of " + TimeBounds.describe(max));
    }

    /**
     * An integer field; a fraction of zeros only ({@code 12.00}) is accepted, and in a time field ({@link
     * SwfField#isTime()}) any fraction of a value of at least 0, rounded to the nearest second, halves up
     * ({@code 12.5} is 13).
     */
    private long integer(byte[] line, long lineNo, SwfField field) {
        int i = tokenStart[field.number() - 1];
        int end = tokenEnd[field.number() - 1];
        boolean negative = line[i] == '-';
        if (negative) i++;
        int digitsStart = i;
        long value = 0;
        for (; i < end; i++) {
            int d = line[i] - '0';
            if (d < 0 || d > 9) break;
            if (value >= LAST_SAFE && (value > LAST_SAFE || d > LAST_DIGIT))
                throw bad(line, lineNo, field, "is out of range");
            value = value * 10 + d;
        }
        boolean anyDigit = i > digitsStart;
        boolean fractional = false;
        boolean roundUp = false;
        if (i < end && line[i] == '.') {
            int firstDecimal = i + 1;
            for (i++; i < end; i++) {
                byte c = line[i];
                if (c < '0' || c > '9') throw bad(line, lineNo, field, "is not a number");
                anyDigit = true;
                fractional |= c != '0';
            }
            roundUp = firstDecimal < end && line[firstDecimal] >= '5';
        }
        if (i < end || !anyDigit) throw bad(line, lineNo, field, "is not a number");
        if (fractional) {
            if (!field.isTime()) throw bad(line, lineNo, field, "is not an integer");
            if (negative) throw bad(line, lineNo, field, "is not an integer: a time with decimals is at least 0");
            if (roundUp) {
                if (value == Long.MAX_VALUE) throw bad(line, lineNo, field, "is out of range");
                value++;
            }
        }
        return negative ? -value : value;
    }

    /** A field that may have decimals (6, 7 and 10). */
    private double decimal(byte[] line, long lineNo, SwfField field) {
        int start = tokenStart[field.number() - 1];
        int end = tokenEnd[field.number() - 1];
        int i = start;
        boolean negative = line[i] == '-';
        if (negative) i++;
        long mantissa = 0;
        int digits = 0;
        int decimals = -1;
        for (; i < end; i++) {
            byte c = line[i];
            if (c == '.' && decimals < 0) {
                decimals = 0;
            } else if (c >= '0' && c <= '9') {
                mantissa = mantissa * 10 + (c - '0');
                digits++;
                if (decimals >= 0) decimals++;
            } else {
                throw bad(line, lineNo, field, "is not a number");
            }
        }
        if (digits == 0) throw bad(line, lineNo, field, "is not a number");
        if (digits >= POWERS_OF_TEN.length) {
            double value = Double.parseDouble(in.text(start, end));
            if (Double.isInfinite(value)) throw bad(line, lineNo, field, "is out of range");
            return value;
        }
        // Both operands are exact doubles, so the one rounding of the division gives the nearest double.
        double value = decimals > 0 ? mantissa / (double) POWERS_OF_TEN[decimals] : mantissa;
        return negative ? -value : value;
    }

    private SwfFormatException bad(byte[] line, long lineNo, SwfField field, String problem) {
        String token = in.text(tokenStart[field.number() - 1], tokenEnd[field.number() - 1]);
        return new SwfFormatException(fileName, lineNo, field, "'" + token + "' " + problem);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
