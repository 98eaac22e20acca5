package org.bgctl.swf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SwfWriterTest {

    @TempDir
    Path dir;

    private static final SwfRecord RECORD = new SwfRecord(1, 0, 588530, 937, 306, 142.0, -1, -1, 35100, 1.5,
            1, 97, -1, 307, 3, -1, -1, -1);

    @Test
    void writesHeaderThenAlignedJobLines() throws IOException {
        Path file = dir.resolve("out.swf");
        try (SwfWriter writer = SwfWriter.open(file, List.of("; Computer: IBM SP2", "MaxNodes: 338"))) {
            writer.write(RECORD);
        }
        assertEquals(List.of(
                "; Computer: IBM SP2",
                "; MaxNodes: 338",
                "    1        0 588530    937  306    142    -1   -1  35100  1.50  1  97  -1  307  3 -1 -1 -1"),
                Files.readAllLines(file));
    }

    @Test
    void decimalFieldsGetTwoDecimalsUnlessIntegral() throws IOException {
        Path file = dir.resolve("out.swf");
        try (SwfWriter writer = SwfWriter.open(file, List.of())) {
            writer.write(new SwfRecord(1, 0, -1, 1, 1, 552.21, 0.125, -1, -1, -1, 1, 1, 1, 1, 1, 1, -1, -1));
        }
        String[] fields = Files.readAllLines(file).get(0).trim().split("\\s+");
        assertEquals(List.of("552.21", "0.12", "-1"), List.of(fields[5], fields[6], fields[9]));
    }

    @Test
    void readWriteReadGivesEqualRecordsAndHeader() throws IOException {
        List<SwfRecord> original = new ArrayList<>();
        List<String> header;
        try (SwfReader reader = TestTraces.resource("/traces/sdsc-sp2-excerpt.swf", false)) {
            header = reader.header().lines();
            reader.forEachRemaining(original::add);
        }
        Path file = dir.resolve("copy.swf.gz");
        try (SwfWriter writer = SwfWriter.open(file, header)) {
            for (SwfRecord r : original) writer.write(r);
        }
        List<SwfRecord> copy = new ArrayList<>();
        try (SwfReader reader = SwfReader.open(file, false)) {
            assertEquals(header, reader.header().lines());
            reader.forEachRemaining(copy::add);
        }
        assertEquals(original, copy);
    }
}
