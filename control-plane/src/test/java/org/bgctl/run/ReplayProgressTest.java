package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay's progress counts the trace's job lines, not its header's MaxJobs, and ends at its total. */
class ReplayProgressTest {

    private record Report(long done, long total, boolean ended) {
    }

    private static final TraceSource CTC = new TraceSource(null, "/traces/ctc-sp2-excerpt.swf");

    private static List<Report> replay(String machine, Path out) throws Exception {
        List<Report> reports = new CopyOnWriteArrayList<>();
        Replay.run(new ReplaySpec(CTC, machine, "easy", WorkloadOptions.defaults(), false, out, JournalKind.MEMORY, ExecutorKind.DIRECT),
                (done, total, time, events, ended) -> reports.add(new Report(done, total, ended)),
                Duration.ofMillis(50));
        return reports;
    }

    @Test
    void theTotalIsTheTracesJobLinesAndTheLastReportReachesIt(@TempDir Path dir) throws Exception {
        // the excerpt's header says MaxJobs: 79302; it holds 1000 job lines
        List<Report> reports = replay("flat:430", dir);
        Report last = reports.get(reports.size() - 1);
        assertEquals(new Report(1000, 1000, true), last);
        for (Report r : reports.subList(0, reports.size() - 1)) {
            assertTrue(!r.ended() && r.done() < 1000 && (r.total() == 1000 || r.total() == -1), r.toString());
        }
    }

    @Test
    void aRunCutByUntilEndsItsProgressAtTheLinesItDealtWith(@TempDir Path dir) throws Exception {
        List<Report> reports = new CopyOnWriteArrayList<>();
        Path sdsc = Path.of("src/test/resources/traces/sdsc-sp2-excerpt.swf");
        ReplayParameters p = ReplayParameters.none().with("trace", sdsc)
                .with("machine", "flat:128").with("first", "50").with("until", "600000").with("executor", "direct")
                .with("journal", "memory");
        Replay.run(p.toSpec(dir), (done, total, time, events, ended) -> reports.add(new Report(done, total, ended)),
                Duration.ofMillis(50));
        Report last = reports.get(reports.size() - 1);
        // jobs still queued and running at the cut, and the lines after it never read: not 50 of 50
        assertTrue(last.total() == 50 && last.done() < 50 && !last.ended(), last.toString());
    }

    @Test
    void aRunInterruptedBeforeItsLinesAreCountedIsNotShownAsDone() {
        // was 353/353, "100%", for a direct replay interrupted early
        assertEquals(-1, ReplayProgress.lastTotal(353, -1, false));
        assertEquals(353, ReplayProgress.lastTotal(353, -1, true));
        assertEquals(1000, ReplayProgress.lastTotal(353, 1000, false));
    }

    @Test
    void theCountStopsAtTheFirstJobsOption() throws Exception {
        TraceJobCount count = new TraceJobCount(CTC, 300);
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (count.total() < 0 && System.nanoTime() < end) Thread.sleep(10);
        assertEquals(300, count.total());
    }
}
