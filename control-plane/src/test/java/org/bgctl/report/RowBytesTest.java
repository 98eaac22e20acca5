package org.bgctl.report;

import static org.bgctl.report.Records.neverStarted;
import static org.bgctl.report.Records.ran;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

class RowBytesTest {

    private static String text(RowBytes row) {
        return new String(Arrays.copyOf(row.bytes(), row.length()), StandardCharsets.UTF_8);
    }

    @Test
    void numbersAreTheirDecimalDigits() {
        for (long n : new long[] {0, 7, 9, 10, 99, 100, 123456789, 999_999_999_999_999_999L,
                1_000_000_000_000_000_000L, Long.MAX_VALUE, -1, -10, -987654321, Long.MIN_VALUE + 1, Long.MIN_VALUE}) {
            RowBytes row = new RowBytes();
            row.add(n);
            assertEquals(Long.toString(n), text(row));
        }
    }

    @Test
    void aRowIsTheUtf8OfTheRowAsText() {
        Job killed = new Job(2, 10, 30, 30, 6, 30, -1, -1, -1, -1, true);
        Job ci = Job.of(6, 0, 100, 201, 4).withCommunication(Communication.intensive(0.2));
        String partition = "R00-M0 µ 한 \uD83D\uDE00".repeat(20);
        List<JobRecord> records = List.of(ran(Job.of(1, 0, 100, 150, 4), 0, 100), ran(killed, 20, 50),
                new JobRecord(Job.of(3, 30, 5, 5, 8), 100, 100, -1, 8, "", 0, ""), neverStarted(Job.of(4, 40, 10, 10, 2)),
                new JobRecord(Job.of(5, 0, 1, 1, 2), 0, 0, 1, 2, "say \"hi\", R01", 0, ""),
                new JobRecord(ci, 0, 80, 4, "buddy:0-3", true),
                new JobRecord(Job.of(7, 5, 1, 1, 2), 5, 5, 6, 2, partition, 0, "R00-M0"));
        RowBytes row = new RowBytes();
        for (boolean boots : new boolean[] {false, true}) {
            for (JobRecord r : records) {
                row.clear();
                JobsCsv.row(r, row, boots);
                assertEquals(JobsCsv.line(r, new StringBuilder(), boots).toString(), text(row));
            }
        }
    }
}
