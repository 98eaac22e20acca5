package org.bgctl.swf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;

import static org.bgctl.swf.TestTraces.GOOD_LINE;
import static org.bgctl.swf.TestTraces.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwfReaderTest {

    @TempDir
    Path dir;

    private static List<SwfRecord> readAll(SwfReader reader) throws IOException {
        try (reader) {
            List<SwfRecord> records = new ArrayList<>();
            reader.forEachRemaining(records::add);
            return records;
        }
    }

    private SwfRecord readOne(String line) throws IOException {
        return readAll(SwfReader.open(write(dir, "one.swf", line), false)).get(0);
    }

    private SwfFormatException strictError(String... lines) throws IOException {
        Path file = write(dir, "bad.swf", lines);
        try (SwfReader reader = SwfReader.open(file, false)) {
            return assertThrows(SwfFormatException.class, () -> reader.forEachRemaining(r -> { }));
        }
    }

    @Test
    void readsAllEighteenFields() throws IOException {
        assertEquals(new SwfRecord(12, 3600, 30, 7200, 64, 7100.5, 2048, 60, 10800, 4096.25, 1, 17, 4, 9, 2, 1, 11, 45),
                readOne("  12  3600  30  7200  64  7100.50  2048  60  10800  4096.25  1  17  4  9  2  1  11  45"));
    }

    @Test
    void parsesTheHeaderOnOpenBeforeAnyRecordIsRead() throws IOException {
        Path file = write(dir, "t.swf", "; Computer: IBM SP2", "", "; MaxNodes: 128", GOOD_LINE);
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(List.of("; Computer: IBM SP2", "; MaxNodes: 128"), reader.header().lines());
            assertEquals(OptionalInt.of(128), reader.header().maxNodes());
            assertEquals(Optional.of("IBM SP2"), reader.header().computer());
            assertEquals(0, reader.lineNumber());
        }
    }

    @Test
    void skipsAUtf8ByteOrderMarkBeforeTheHeaderOrTheFirstJob() throws IOException {
        Path file = write(dir, "t.swf", "\uFEFF; MaxNodes: 128\r", GOOD_LINE + "\r");
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(OptionalInt.of(128), reader.header().maxNodes());
            assertEquals(1, reader.next().jobId());
            assertEquals(2, reader.lineNumber());
        }
        Path gz = TestTraces.writeGzip(dir, "t.swf.gz", "\uFEFF" + GOOD_LINE);
        assertEquals(1, readAll(SwfReader.open(gz, false)).get(0).jobId());
        assertEquals(1, readAll(SwfReader.open(write(dir, "u.swf", GOOD_LINE), false)).size());
    }

    @Test
    void aUtf16TraceIsNamedAsSuch() throws IOException {
        // was "line 1: not a text file: is it a binary file, or compressed other than with gzip?"
        for (Charset utf16 : List.of(StandardCharsets.UTF_16, StandardCharsets.UTF_16LE)) {
            String text = (utf16.name().equals("UTF-16LE") ? "\uFEFF" : "") + "; MaxNodes: 8\n" + GOOD_LINE + "\n";
            Path file = Files.write(dir.resolve("u16.swf"), text.getBytes(utf16));
            IOException e = assertThrows(IOException.class, () -> SwfReader.open(file, true));
            assertEquals("u16.swf: UTF-16 text (its byte order mark says so), as Windows PowerShell writes with '>';"
                    + " a trace is read as ASCII or UTF-8: save it as UTF-8", e.getMessage());
        }
    }

    @Test
    void ignoresCommentAndBlankLinesAfterTheFirstJob() throws IOException {
        Path file = write(dir, "t.swf", "; h", GOOD_LINE, "", "; Note: late comment", "   ", GOOD_LINE.replaceFirst("1", "2"));
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(List.of("; h"), reader.header().lines());
            assertEquals(1, reader.next().jobId());
            assertEquals(2, reader.lineNumber());
            assertEquals(2, reader.next().jobId());
            assertEquals(6, reader.lineNumber());
            assertFalse(reader.hasNext());
        }
    }

    @Test
    void nextWithoutHasNextReadsTheNextJobAndPastTheLastThrows() throws IOException {
        Path file = write(dir, "t.swf", GOOD_LINE, "; between", GOOD_LINE.replaceFirst("1", "2"));
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(1, reader.next().jobId());
            assertTrue(reader.hasNext());
            assertEquals(2, reader.next().jobId());
            assertThrows(NoSuchElementException.class, reader::next);
        }
    }

    @Test
    void acceptsDecimalsInFieldsSixSevenAndTen() throws IOException {
        SwfRecord r = readOne("1 0 -1 937 306 142.00 55.5 -1 35100 0.25 1 97 -1 307 3 -1 -1 -1");
        assertEquals(142.0, r.avgCpu());
        assertEquals(55.5, r.usedMem());
        assertEquals(0.25, r.reqMem());
    }

    @Test
    void decimalsMatchTheJdkParser() throws IOException {
        SwfRecord r = readOne("1 0 -1 1 1 552.21 -0.00 -1 1 12345678901234567.5 1 1 1 1 1 1 1 1");
        assertEquals(Double.parseDouble("552.21"), r.avgCpu());
        assertEquals(0.0, r.usedMem());
        assertEquals(Double.parseDouble("12345678901234567.5"), r.reqMem());
    }

    @Test
    void integerFieldsAcceptAFractionOfZerosOnly() throws IOException {
        SwfRecord r = readOne("1 0.00 -1 100.0 4 -1 -1 4 200. -1 1 7 3 2 1 -1 -1 -1");
        assertEquals(0, r.submit());
        assertEquals(100, r.runTime());
        assertEquals(200, r.reqTime());
        SwfFormatException e = strictError("1 0 -1 100 4.5 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1");
        assertEquals("bad.swf line 1, field 5 (allocated processors): '4.5' is not an integer", e.getMessage());
    }

    @Test
    void timeFieldsMayHaveDecimalsRoundedToTheNearestSecondHalvesUp() throws IOException {
        // the SWF definition permits floating point values in time fields; '100.5' in field 4 was an error
        SwfRecord r = readOne("1 0.25 12.5 100.5 4 -1 -1 4 199.49 -1 1 7 3 2 1 -1 -1 7.999");
        assertEquals(0, r.submit());
        assertEquals(13, r.waitTime());
        assertEquals(101, r.runTime());
        assertEquals(199, r.reqTime());
        assertEquals(-1, r.precedingJob());
        assertEquals(8, r.thinkTime());
        assertEquals(-1, readOne("1 0 -1 -1.00 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").runTime());
        assertEquals("bad.swf line 1, field 4 (run time): '-2.5' is not an integer: a time with decimals is at least 0",
                strictError("1 0 -1 -2.5 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals("bad.swf line 1, field 17 (preceding job number): '3.5' is not an integer",
                strictError("1 0 -1 10 4 -1 -1 4 200 -1 1 7 3 2 1 -1 3.5 -1").getMessage());
        assertEquals("bad.swf line 1, field 4 (run time): '315360000.5' is above the limit of 315360000 s (10 years)",
                strictError("1 0 -1 315360000.5 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
    }

    @Test
    void readsGzipWhateverTheName() throws IOException {
        Path gz = TestTraces.writeGzip(dir, "t.swf.gz", "; MaxProcs: 8", GOOD_LINE);
        Path hidden = TestTraces.writeGzip(dir, "t.swf", "; MaxProcs: 8", GOOD_LINE);
        for (Path file : List.of(gz, hidden)) {
            try (SwfReader reader = SwfReader.open(file, false)) {
                assertEquals(OptionalInt.of(8), reader.header().maxProcs());
                assertEquals(100, reader.next().runTime());
            }
        }
    }

    @Test
    void strictErrorNamesFileLineFieldAndValue() throws IOException {
        SwfFormatException e = strictError("; h", GOOD_LINE, "2 10 -1 abc 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1");
        assertEquals("bad.swf line 3, field 4 (run time): 'abc' is not a number", e.getMessage());
        assertEquals(3, e.line());
        assertEquals("bad.swf", e.fileName());
    }

    @Test
    void strictErrorOnAWrongFieldCount() throws IOException {
        assertEquals("bad.swf line 1: expected 18 fields, found 17",
                strictError("1 0 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1").getMessage());
        assertEquals("bad.swf line 1: expected 18 fields, found 19",
                strictError(GOOD_LINE + " 9").getMessage());
    }

    @Test
    void strictErrorOnOutOfRangeAndSignOnlyValues() throws IOException {
        assertEquals("bad.swf line 1, field 5 (allocated processors): '3000000000' is out of range",
                strictError("1 0 -1 100 3000000000 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals("bad.swf line 1, field 6 (average cpu time): '-' is not a number",
                strictError("1 0 -1 100 4 - -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals("bad.swf line 1, field 2 (submit time): '1e5' is not a number",
                strictError("1 1e5 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
    }

    @Test
    void timesAboveTheirDocumentedBoundsAreErrors() throws IOException {
        assertEquals("bad.swf line 1, field 4 (run time): '9223372036854775807' is above the limit of 315360000 s"
                        + " (10 years)",
                strictError("1 0 -1 9223372036854775807 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals("bad.swf line 1, field 9 (requested time): '315360001' is above the limit of 315360000 s"
                        + " (10 years)",
                strictError("1 0 -1 100 4 -1 -1 4 315360001 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals("bad.swf line 1, field 2 (submit time): '3153600001' is above the limit of 3153600000 s"
                        + " (100 years)",
                strictError("1 3153600001 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals(315360000, readOne("1 3153600000 -1 315360000 4 -1 -1 4 315360000 -1 1 7 3 2 1 -1 -1 -1").runTime());
    }

    @Test
    void aNegativeSubmitTimeOtherThanUnknownIsAnError() throws IOException {
        assertEquals("bad.swf line 1, field 2 (submit time): '-5' is negative: a submit time is -1 (unknown) or at least 0",
                strictError("1 -5 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").getMessage());
        assertEquals(-1, readOne("1 -1 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").submit());
        assertEquals(0, readOne("1 -0 -1 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1").submit());
    }

    @Test
    void aDecimalTooLargeForADoubleIsOutOfRangeNamingTheLine() throws IOException {
        String huge = "9".repeat(310);
        String line = "2 0 -1 100 4 " + huge + " -1 4 200 -1 1 7 3 2 1 -1 -1 -1";
        assertEquals("bad.swf line 2, field 6 (average cpu time): '" + huge + "' is out of range",
                strictError(GOOD_LINE, line).getMessage());
        try (SwfReader reader = SwfReader.open(write(dir, "t.swf", GOOD_LINE, line), true)) {
            assertEquals(1, TestTraces.count(reader));
            assertEquals(1, reader.skippedLines());
        }
    }

    @Test
    void lenientSkipsAndCountsMalformedLinesKeepingTenMessages() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(GOOD_LINE);
        for (int i = 0; i < 12; i++) lines.add("x");
        lines.add(GOOD_LINE.replaceFirst("1", "2"));
        Path file = write(dir, "t.swf", lines.toArray(String[]::new));
        try (SwfReader reader = SwfReader.open(file, true)) {
            assertTrue(reader.isLenient());
            List<Long> ids = new ArrayList<>();
            reader.forEachRemaining(r -> ids.add(r.jobId()));
            assertEquals(List.of(1L, 2L), ids);
            assertEquals(14, reader.lineNumber());
            assertEquals(12, reader.skippedLines());
            assertEquals(SwfReader.KEPT_MESSAGES, reader.skippedLineMessages().size());
            assertEquals("t.swf line 2: expected 18 fields, found 1", reader.skippedLineMessages().get(0));
        }
    }

    /** {@link TestTraces#GOOD_LINE} with job number {@code id}. */
    private static String jobNumbered(long id) {
        return id + GOOD_LINE.substring(1);
    }

    @Test
    void aJobNumberRepeatedOnTheNextLineIsAnError() throws IOException {
        SwfFormatException e = strictError("; h", jobNumbered(1), jobNumbered(2), jobNumbered(2));
        assertEquals("bad.swf line 4: job 2 repeats the job number of an earlier line (job numbers must be unique)",
                e.getMessage());
        assertEquals(4, e.line());
    }

    @Test
    void aJobNumberRepeatedOutOfOrderIsAnError() throws IOException {
        SwfFormatException e = strictError(jobNumbered(10), jobNumbered(3), jobNumbered(5), jobNumbered(4),
                jobNumbered(11), jobNumbered(4), jobNumbered(12));
        assertEquals("bad.swf line 6: job 4 repeats the job number of an earlier line (job numbers must be unique)",
                e.getMessage());
    }

    @Test
    void partialExecutionsRepeatTheirJobsNumber() throws IOException {
        // a checkpointed job: its summary line (status 1), then its parts (2: to be continued, 3: last, completed);
        // was refused: 'line 3: job 1 repeats the job number of an earlier line'
        Path file = write(dir, "t.swf", "1 0 5 300 4 -1 -1 4 400 -1 1 7 3 2 1 -1 -1 -1",
                "1 0 5 100 4 -1 -1 4 400 -1 2 7 3 2 1 -1 -1 -1", "1 200 10 200 4 -1 -1 4 400 -1 3 7 3 2 1 -1 -1 -1",
                "2 50 0 60 4 -1 -1 4 100 -1 4 7 3 2 1 -1 -1 -1", "2 60 0 60 4 -1 -1 4 100 -1 0 7 3 2 1 -1 -1 -1");
        assertEquals(List.of(1, 2, 3, 4, 0), readAll(SwfReader.open(file, false)).stream().map(SwfRecord::status).toList());
        assertEquals("bad.swf line 2: job 1 repeats the job number of an earlier line (job numbers must be unique)",
                strictError(jobNumbered(1), jobNumbered(1).replace(" 1 7 3 2 1 ", " 5 7 3 2 1 ")).getMessage());
    }

    @Test
    void distinctJobNumbersAreAcceptedWithGapsAndInAnyOrder() throws IOException {
        List<Long> ids = List.of(1L, 2L, 7L, 8L, 20L, 5L, 3L, 6L, 4L, 21L, Long.MAX_VALUE);
        Path file = write(dir, "t.swf", ids.stream().map(SwfReaderTest::jobNumbered).toArray(String[]::new));
        assertEquals(ids, readAll(SwfReader.open(file, false)).stream().map(SwfRecord::jobId).toList());
    }

    /**
     * The SWF job number counts from 1: a job number of 0 or less is a malformed line, as a negative submit time is.
     * It replayed, though the live API's cancel takes no such id.
     */
    @Test
    void aJobNumberBelowOneIsMalformedNamingTheLine() throws IOException {
        for (String id : List.of("0", "-1", "-5")) {
            SwfFormatException e = strictError(jobNumbered(1), jobNumbered(2), id + GOOD_LINE.substring(1));
            assertEquals("bad.swf line 3, field 1 (job id): '" + id + "' is not a job number: SWF job numbers count"
                    + " from 1", e.getMessage());
            assertEquals(3, e.line());
        }
        try (SwfReader reader = SwfReader.open(write(dir, "t.swf", jobNumbered(1), jobNumbered(-1), jobNumbered(2)),
                true)) {
            List<Long> ids = new ArrayList<>();
            reader.forEachRemaining(r -> ids.add(r.jobId()));
            assertEquals(List.of(1L, 2L), ids);
            assertEquals(1, reader.skippedLines());
        }
    }

    @Test
    void lenientSkipsAndCountsRepeatedJobNumbers() throws IOException {
        Path file = write(dir, "t.swf", jobNumbered(1), jobNumbered(2), jobNumbered(1), jobNumbered(3), jobNumbered(2));
        try (SwfReader reader = SwfReader.open(file, true)) {
            List<Long> ids = new ArrayList<>();
            reader.forEachRemaining(r -> ids.add(r.jobId()));
            assertEquals(List.of(1L, 2L, 3L), ids);
            assertEquals(2, reader.skippedLines());
            assertEquals(List.of(
                    "t.swf line 3: job 1 repeats the job number of an earlier line (job numbers must be unique)",
                    "t.swf line 5: job 2 repeats the job number of an earlier line (job numbers must be unique)"),
                    reader.skippedLineMessages());
        }
    }

    @Test
    void aTraceWithoutJobsHasOnlyItsHeader() throws IOException {
        try (SwfReader reader = SwfReader.open(write(dir, "t.swf", "; Note: empty"), false)) {
            assertEquals(List.of("empty"), reader.header().notes());
            assertFalse(reader.hasNext());
        }
    }

    @Test
    void readsTheBundledExcerptsFully() throws IOException {
        for (String path : List.of("/traces/sdsc-sp2-excerpt.swf", "/traces/nasa-ipsc-excerpt.swf")) {
            try (SwfReader reader = TestTraces.resource(path, false)) {
                assertTrue(reader.header().lines().get(0).contains("excerpt (first 1000 jobs)"));
                assertEquals(OptionalInt.of(128), reader.header().maxNodes());
                assertEquals(1000, TestTraces.count(reader), path);
            }
        }
        try (SwfReader sdsc = TestTraces.resource("/traces/sdsc-sp2-excerpt.swf", false)) {
            assertTrue(sdsc.header().value("Copyright").orElseThrow().contains("copyright notice is preserved"));
        }
    }
}
