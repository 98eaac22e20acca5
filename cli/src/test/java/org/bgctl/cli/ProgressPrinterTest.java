package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    @Test
    void figuresGiveTheShareTheRateAndTheTimeLeft() {
        // 45213 of 79302 jobs in 30 s: 1507 jobs/s, 34089 jobs left → 23 s
        assertEquals(" 57% 45213/79302 jobs, 1507 jobs/s, ETA 0:23, virtual time 123d 04:05:06",
                ProgressPrinter.figures(45213, 79302, 30, 123 * 86400 + 4 * 3600 + 5 * 60 + 6));
    }

    @Test
    void withoutATotalOrBeforeAnyJobTheFiguresSayOnlyWhatIsKnown() {
        assertEquals("120 jobs, 12 jobs/s, virtual time 0d 01:00:00", ProgressPrinter.figures(120, -1, 10, 3600));
        assertEquals("  0% 0/77222 jobs, virtual time 0d 00:00:00", ProgressPrinter.figures(0, 77222, 0.5, 0));
        assertEquals("  0% 700/77222 jobs, virtual time 0d 00:00:00", ProgressPrinter.figures(700, 77222, 0.5, 0));
    }

    @Test
    void longWaitsReadInHours() {
        assertEquals("1:01:01", ProgressPrinter.clock(3661));
        assertEquals("0:59", ProgressPrinter.clock(59));
    }

    @Test
    void theBarFillsAndReachesAHundredPercentAtTheEnd() {
        StringWriter out = new StringWriter();
        AtomicLong now = new AtomicLong();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(out), true, now::get);
        now.set(10_000_000_000L);
        printer.report(38611, 77222, 0, 0, false);
        assertTrue(out.toString().startsWith("\r[###############               ]  50% 38611/77222 jobs, 3861 jobs/s, ETA 0:10"),
                out.toString());
        now.set(20_000_000_000L);
        printer.report(77222, 77222, 86400, 0, true);
        printer.finish();
        assertTrue(out.toString().contains("\r[##############################] 100% 77222/77222 jobs, 3861 jobs/s, ETA 0:00"),
                out.toString());
        assertTrue(out.toString().endsWith(System.lineSeparator()));
    }

    @Test
    void withoutATerminalALineAReport() {
        StringWriter out = new StringWriter();
        ProgressPrinter printer = new ProgressPrinter(new PrintWriter(out), false, () -> 0L);
        printer.report(5, 10, 60, 0, false);
        assertEquals("progress:  50% 5/10 jobs, virtual time 0d 00:01:00" + System.lineSeparator(), out.toString());
    }
}
