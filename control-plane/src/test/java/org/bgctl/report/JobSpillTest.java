package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

class JobSpillTest {

    private static JobRecord record(long id) {
        Job job = new Job(id, 10 * id, 100, 300, 8, 300, 3, 4, 5, 1, id == 2, Communication.intensive(0.25));
        return new JobRecord(job, 10 * id + 1, 10 * id + 2, id == 3 ? -1 : 10 * id + 102, 8, "R0" + id, (int) id,
                id == 1 ? "mp-R001" : "", id == 2);
    }

    @Test
    void jobsWrittenOutOfIdOrderAreReadBackInIdOrderWithTheirRows() throws IOException {
        List<JobRecord> written = List.of(record(2), record(3), record(1));
        List<JobSpill.Entry> read = new ArrayList<>();
        try (JobSpill spill = new JobSpill()) {
            written.forEach(spill);
            assertEquals(3, spill.jobs());
            assertEquals(10, spill.firstSubmit());
            spill.read(read::add);
        }
        List<JobRecord> sorted = List.of(record(1), record(2), record(3));
        assertEquals(sorted, read.stream().map(JobSpill.Entry::record).toList(), "every field but the box asked for");
        StringWriter csv = new StringWriter();
        JobsCsv.write(sorted, csv);
        StringBuilder rows = new StringBuilder(JobsCsv.HEADER).append('\n');
        read.forEach(e -> rows.append(new String(e.csvRow(), StandardCharsets.UTF_8)));
        assertEquals(csv.toString(), rows.toString());
    }

    @Test
    void manyBatchesComeBackInTheOrderWrittenAndAnUnreadSpillCloses() throws IOException {
        int n = JobSpill.BATCH * (JobSpill.BATCHES_IN_FLIGHT + 2) + 7;
        List<Long> read = new ArrayList<>();
        try (JobSpill spill = new JobSpill()) {
            for (long id = 1; id <= n; id++) spill.accept(record(id));
            spill.read(e -> read.add(e.record().job().id()));
        }
        assertEquals(LongStream.rangeClosed(1, n).boxed().toList(), read);
        try (JobSpill unread = new JobSpill()) {
            for (long id = 1; id <= JobSpill.BATCH + 1; id++) unread.accept(record(id));
        }
    }

    @Test
    void textLongerThanTheBufferAndBeyondAsciiComesBackWhole() throws IOException {
        Job job = new Job(9, 90, 100, 300, 8, 300, 3, 4, 5, 1, false, Communication.intensive(0.5));
        JobRecord wide = new JobRecord(job, 91, 92, 192, 8, "x".repeat(70_000), 0, "nœud-7", false);
        List<JobSpill.Entry> read = new ArrayList<>();
        try (JobSpill spill = new JobSpill()) {
            spill.accept(record(1));
            spill.accept(wide);
            spill.accept(record(10));
            spill.read(read::add);
        }
        assertEquals(List.of(record(1), wide, record(10)), read.stream().map(JobSpill.Entry::record).toList());
        StringWriter csv = new StringWriter();
        JobsCsv.write(List.of(wide), csv);
        assertEquals(csv.toString(), JobsCsv.HEADER + "\n" + new String(read.get(1).csvRow(), StandardCharsets.UTF_8));
    }
}
