package org.bgctl.workload;

import org.bgctl.machine.Geometry;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfFormatException;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.OptionalInt;

import static org.bgctl.swf.TestTraces.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadTest {

    private static final int MACHINE = 128;
    private static final FlatMachine FLAT = new FlatMachine(MACHINE);

    @TempDir
    Path dir;

    private Workload open(WorkloadOptions options, boolean lenient, String... lines) throws IOException {
        return new Workload(SwfReader.open(TestTraces.write(dir, "w.swf", lines), lenient), options, FLAT);
    }

    private static List<WorkloadJob> drain(Workload workload) throws IOException {
        try (workload) {
            List<WorkloadJob> jobs = new ArrayList<>();
            workload.forEachRemaining(jobs::add);
            return jobs;
        }
    }

    private List<WorkloadJob> jobs(WorkloadOptions options, String... lines) throws IOException {
        return drain(open(options, false, lines));
    }

    private Job only(WorkloadOptions options, String line) throws IOException {
        List<WorkloadJob> jobs = jobs(options, line);
        assertEquals(1, jobs.size());
        return jobs.get(0).job();
    }

    @Test
    void nextWithoutHasNextReadsTheNextJobAndPastTheLastThrows() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), false, TestTraces.GOOD_LINE,
                TestTraces.GOOD_LINE.replaceFirst("1", "2"))) {
            assertEquals(1, workload.next().job().id());
            assertTrue(workload.hasNext());
            assertEquals(2, workload.next().job().id());
            assertThrows(NoSuchElementException.class, workload::next);
        }
    }

    @Test
    void defaultsKeepTheTraceAsItIs() throws IOException {
        List<WorkloadJob> jobs = jobs(WorkloadOptions.defaults(), "; MaxNodes: 128", TestTraces.GOOD_LINE);
        Job job = jobs.get(0).job();
        assertEquals(new Job(1, 0, 100, 200, 4, 200, 7, 3, 2, 1, false, Geometry.ANY), job);
        assertEquals(100, jobs.get(0).source().runTime());
        assertFalse(jobs.get(0).job().walltimeKilled());
    }

    @Test
    void sizeIsAllocatedProcessorsElseRequested() throws IOException {
        assertEquals(16, only(WorkloadOptions.defaults(), job(1, 0, 10, 16, 32, -1)).size());
        assertEquals(32, only(WorkloadOptions.defaults(), job(1, 0, 10, -1, 32, -1)).size());
        assertEquals(32, only(WorkloadOptions.defaults(), job(1, 0, 10, 0, 32, -1)).size());
    }

    @Test
    void sizeIsMultipliedThenDividedRoundingUp() throws IOException {
        WorkloadOptions options = WorkloadOptions.builder().sizeMultiply(3).sizeDivide(4).build();
        List<WorkloadJob> jobs = jobs(options, job(1, 0, 10, 1, -1, -1), job(2, 0, 10, 5, -1, -1), job(3, 0, 10, 8, -1, -1));
        assertEquals(List.of(1, 4, 6), jobs.stream().map(j -> j.job().size()).toList());
    }

    @Test
    void runtimeCoefficientScalesRunAndRequestedTimeRoundingHalfUp() throws IOException {
        WorkloadOptions options = WorkloadOptions.builder().runtimeCoefficient(1.5).build();
        Job job = only(options, job(1, 0, 3, 1, -1, 101));
        assertEquals(5, job.runtime());
        assertEquals(152, job.requestedTime());
        assertEquals(152, job.estimate());
    }

    @Test
    void unknownRequestedTimeStaysUnknownAndTheEstimateIsTheRuntime() throws IOException {
        Job job = only(WorkloadOptions.builder().runtimeCoefficient(2).build(), job(1, 0, 30, 1, -1, -1));
        assertEquals(-1, job.requestedTime());
        assertEquals(60, job.estimate());
    }

    @Test
    void estimateFromTheRequestIsNeverBelowTheRuntime() throws IOException {
        Job job = only(WorkloadOptions.defaults(), job(1, 0, 300, 1, -1, 200));
        assertEquals(300, job.runtime());
        assertEquals(300, job.estimate());
        assertEquals(200, job.requestedTime());
    }

    @Test
    void exactEstimateIsTheRuntime() throws IOException {
        Job job = only(WorkloadOptions.builder().estimateSource(EstimateSource.EXACT).build(), job(1, 0, 100, 1, -1, 200));
        assertEquals(100, job.estimate());
        assertEquals(200, job.requestedTime());
    }

    @Test
    void enforcedWalltimeCutsTheRuntimeAndMarksTheJob() throws IOException {
        WorkloadOptions options = WorkloadOptions.builder().enforceWalltime(true).build();
        List<WorkloadJob> jobs = jobs(options, job(1, 0, 300, 1, -1, 200), job(2, 0, 100, 1, -1, 200), job(3, 0, 300, 1, -1, -1));
        assertEquals(List.of(200L, 100L, 300L), jobs.stream().map(j -> j.job().runtime()).toList());
        assertEquals(List.of(true, false, false), jobs.stream().map(j -> j.job().walltimeKilled()).toList());
        assertEquals(200, jobs.get(0).job().estimate());
    }

    @Test
    void arrivalScaleStretchesTimeSinceTheFirstKeptJob() throws IOException {
        WorkloadOptions options = WorkloadOptions.builder().arrivalScale(0.5).build();
        List<WorkloadJob> jobs = jobs(options, job(1, 900, -1, 1, -1, -1), job(2, 1000, 5, 1, -1, -1),
                job(3, 1003, 5, 1, -1, -1), job(4, 1010, 5, 1, -1, -1));
        assertEquals(List.of(1000L, 1002L, 1005L), jobs.stream().map(j -> j.job().submit()).toList());
    }

    @Test
    void anArrivalScaleBeyondEveryTimeIsAboveTheLimitNotWrappedRoundToANegativeSubmitTime() {
        // a scaled offset that Math.round saturates, added to the first submit time, wrapped round to a negative time
        WorkloadOptions options = WorkloadOptions.builder().arrivalScale(1e300).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> jobs(options, job(1, 100, 5, 1, -1, -1), job(2, 130, 5, 1, -1, -1)));
        assertEquals("w.swf line 2: job 2 is submitted at 9223372036854775807 s after the arrival scaling, above the"
                + " limit of 3153600000 s (100 years)", e.getMessage());
    }

    @Test
    void firstJobsCountsTraceJobLinesKeptOrNot() throws IOException {
        try (Workload workload = open(WorkloadOptions.builder().firstJobs(3).build(), false,
                job(1, 0, -1, 1, -1, -1), job(2, 1, 5, 1, -1, -1), job(3, 2, 5, 1, -1, -1), job(4, 3, 5, 1, -1, -1))) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(2L, 3L), ids);
            assertEquals(3, workload.jobsRead());
            assertEquals(2, workload.jobsKept());
            assertEquals(1, workload.rejections().count(RejectionReason.RUNTIME_UNKNOWN));
        }
    }

    @Test
    void firstKeptCountsOnlyTheJobsKept() throws IOException {
        // Job 1 has no run time (a cancelled job) and is rejected: the first two jobs kept are 2 and 3, and reading
        // stops there, before job 4.
        try (Workload workload = open(WorkloadOptions.builder().firstKept(2).build(), false,
                job(1, 0, -1, 1, -1, -1), job(2, 1, 5, 1, -1, -1), job(3, 2, 5, 1, -1, -1), job(4, 3, 5, 1, -1, -1))) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(2L, 3L), ids);
            assertEquals(3, workload.jobsRead());
            assertEquals(1, workload.rejections().total());
        }
    }

    @Test
    void submitWindowIncludesItsStartAndExcludesItsEnd() throws IOException {
        try (Workload workload = open(WorkloadOptions.builder().submitWindow(10, 30).build(), false,
                job(1, 5, 5, 1, -1, -1), job(2, 10, 5, 1, -1, -1), job(3, 29, 5, 1, -1, -1),
                job(4, 30, 5, 1, -1, -1), job(5, 40, 5, 1, -1, -1))) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(2L, 3L), ids);
            assertEquals(4, workload.jobsRead(), "reading stops at the first job past the window");
            assertEquals(0, workload.rejections().total());
        }
    }

    @Test
    void nonPositiveSizeIsRejected() throws IOException {
        assertRejected(RejectionReason.SIZE_NOT_POSITIVE, job(1, 0, 10, -1, -1, -1));
    }

    @Test
    void anUnknownRuntimeIsRejectedAsUnknownAndAnyOtherNegativeOneAsNegative() throws IOException {
        assertRejected(RejectionReason.RUNTIME_UNKNOWN, job(1, 0, -1, -1, 8, 3600));
        assertRejected(RejectionReason.RUNTIME_NEGATIVE, job(1, 0, -2, -1, 8, 3600));
    }

    @Test
    void jobsLargerThanTheMachineAfterScalingAreRejected() throws IOException {
        assertRejected(RejectionReason.LARGER_THAN_MACHINE, job(1, 0, 10, MACHINE + 1, -1, -1));
        try (Workload workload = open(WorkloadOptions.builder().sizeMultiply(2).build(), false, job(1, 0, 10, 65, -1, -1))) {
            assertFalse(workload.hasNext());
            assertEquals(1, workload.rejections().count(RejectionReason.LARGER_THAN_MACHINE));
        }
    }

    private void assertRejected(RejectionReason reason, String line) throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), false, line, job(2, 0, 10, MACHINE, -1, -1))) {
            assertEquals(2, workload.next().job().id());
            assertFalse(workload.hasNext());
            assertEquals(Map.of(reason.label(), 1L), workload.rejections().asMap());
        }
    }

    @Test
    void malformedLinesOfALenientReaderAreCounted() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), true, "garbage", job(1, 0, 10, 1, -1, -1), "1 2 3")) {
            assertEquals(1, TestTraces.count(workload));
            assertEquals(2, workload.rejections().count(RejectionReason.MALFORMED_LINE));
        }
    }

    @Test
    void partialExecutionsAreSkippedForTheirJobsSummaryLine() throws IOException {
        // the parts (status 2, then 3) of job 1 follow its summary line, submitted later than job 2: no order error
        try (Workload workload = open(WorkloadOptions.defaults(), false, "1 0 5 300 4 -1 -1 4 400 -1 1 7 3 2 1 -1 -1 -1",
                "2 10 0 60 4 -1 -1 4 100 -1 1 7 3 2 1 -1 -1 -1", "1 0 5 100 4 -1 -1 4 400 -1 2 7 3 2 1 -1 -1 -1",
                "1 200 10 200 4 -1 -1 4 400 -1 3 7 3 2 1 -1 -1 -1", "3 20 0 60 4 -1 -1 4 100 -1 5 7 3 2 1 -1 -1 -1")) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(1L, 2L, 3L), ids);
            assertEquals(2, workload.rejections().count(RejectionReason.PARTIAL_EXECUTION));
            assertEquals(5, workload.jobsRead());
        }
    }

    @Test
    void outOfOrderSubmitIsAnErrorInStrictMode() throws IOException {
        SwfFormatException e = assertThrows(SwfFormatException.class, () -> jobs(WorkloadOptions.defaults(),
                "; h", job(1, 100, 10, 1, -1, -1), job(2, 50, 10, 1, -1, -1)));
        assertEquals("w.swf line 3, field 2 (submit time): '50' is earlier than an earlier job's submit time 100",
                e.getMessage());
    }

    @Test
    void outOfOrderSubmitIsCountedInLenientModeAndTheStreamNeverGoesBack() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), true, job(1, 100, 10, 1, -1, -1),
                job(2, 50, 10, 1, -1, -1), job(3, 100, 10, 1, -1, -1), job(4, 99, 10, 1, -1, -1))) {
            List<Long> submits = new ArrayList<>();
            workload.forEachRemaining(j -> submits.add(j.job().submit()));
            assertEquals(List.of(100L, 100L), submits);
            assertEquals(2, workload.rejections().count(RejectionReason.SUBMIT_OUT_OF_ORDER));
        }
    }

    @Test
    void anOutOfOrderLineSetAsideInLenientModeIsAmongTheKeptMessages() throws IOException {
        SwfReader reader = SwfReader.open(TestTraces.write(dir, "w.swf", job(1, 100, 10, 1, -1, -1), "garbage",
                job(2, 50, 10, 1, -1, -1)), true);
        try (Workload workload = new Workload(reader, WorkloadOptions.defaults(), FLAT)) {
            assertEquals(1, TestTraces.count(workload));
            assertEquals(List.of("w.swf line 2: expected 18 fields, found 1",
                    "w.swf line 3, field 2 (submit time): '50' is earlier than an earlier job's submit time 100"),
                    reader.skippedLineMessages());
        }
    }

    @Test
    void aJobNumberBelongsToItsFirstLineEvenWhenThatLineIsSetAsideOutOfOrder() throws IOException {
        SwfReader reader = SwfReader.open(TestTraces.write(dir, "w.swf", job(1, 100, 10, 1, -1, -1),
                job(2, 50, 10, 1, -1, -1), job(2, 120, 10, 1, -1, -1)), true);
        try (Workload workload = new Workload(reader, WorkloadOptions.defaults(), FLAT)) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(1L), ids);
            assertEquals(List.of("w.swf line 2, field 2 (submit time): '50' is earlier than an earlier job's submit time 100",
                    "w.swf line 3: job 2 repeats the job number of an earlier line (job numbers must be unique)"),
                    reader.skippedLineMessages());
        }
    }

    @Test
    void anUnknownSubmitTimeIsSkippedAndCountedEvenInStrictModeAndTakesNoPartInTheOrderCheck() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), false, job(1, -1, 10, 1, -1, -1),
                job(2, 100, 10, 1, -1, -1), job(3, -1, 10, 1, -1, -1), job(4, 100, 10, 1, -1, -1),
                job(5, 150, -1, 1, -1, -1), job(6, 160, 10, 1, -1, -1))) {
            List<Long> ids = new ArrayList<>();
            workload.forEachRemaining(j -> ids.add(j.job().id()));
            assertEquals(List.of(2L, 4L, 6L), ids);
            assertEquals(2, workload.rejections().count(RejectionReason.SUBMIT_UNKNOWN));
            assertEquals(1, workload.rejections().count(RejectionReason.RUNTIME_UNKNOWN));
            assertEquals(6, workload.jobsRead());
        }
    }

    @Test
    void rejectionsListReasonsInAlphabeticalOrder() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), true, job(1, 0, -1, 1, -1, -1),
                job(2, 0, 10, 0, 0, -1), job(3, 0, 10, 999, -1, -1), "bad", job(4, 0, -5, 1, -1, -1))) {
            assertEquals(0, TestTraces.count(workload));
            JobRejections rejections = workload.rejections();
            assertEquals(List.of("larger_than_machine", "malformed_line", "runtime_negative", "runtime_unknown",
                            "size_not_positive"), List.copyOf(rejections.asMap().keySet()));
            assertEquals(5, rejections.total());
            assertEquals("larger_than_machine=1, malformed_line=1, runtime_negative=1, runtime_unknown=1,"
                    + " size_not_positive=1", rejections.toString());
        }
    }

    @Test
    void exposesTheHeader() throws IOException {
        try (Workload workload = open(WorkloadOptions.defaults(), false, "; MaxNodes: 128", TestTraces.GOOD_LINE)) {
            assertEquals(OptionalInt.of(128), workload.header().maxNodes());
        }
    }

    @Test
    void sdscExcerptKeepsOrRejectsEveryJob() throws IOException {
        try (Workload workload = new Workload(TestTraces.resource("/traces/sdsc-sp2-excerpt.swf", false),
                WorkloadOptions.defaults(), FLAT)) {
            long kept = TestTraces.count(workload);
            assertEquals(1000, workload.jobsRead());
            assertEquals(1000, kept + workload.rejections().total());
            assertTrue(workload.rejections().count(RejectionReason.RUNTIME_UNKNOWN) > 0);
        }
    }

    @Test
    void untilEndsTheWorkloadAtTheFirstJobSubmittedAfterItsArrivalScaledSubmit() throws IOException {
        // Submits 0, 100, 200 (0 nodes: rejected), 300, 400, 500; arrivals halved: 0, 50, -, 150, 200, 250. --until 150
        // keeps the jobs of 0, 50 and 150, reads the job of 200 that ends it, and nothing after: what was read does not
        // depend on how far a reader thread ran ahead of the run.
        WorkloadOptions options = WorkloadOptions.builder().arrivalScale(0.5).build();
        try (Workload workload = open(options, false, job(1, 0, 10, 1, -1, -1), job(2, 100, 10, 1, -1, -1),
                job(3, 200, 10, 0, 0, -1), job(4, 300, 10, 1, -1, -1), job(5, 400, 10, 1, -1, -1),
                job(6, 500, 10, 1, -1, -1)).until(150)) {
            List<Long> kept = new ArrayList<>();
            workload.forEachRemaining(j -> kept.add(j.job().submit()));
            assertEquals(List.of(0L, 50L, 150L), kept);
            assertEquals(5, workload.jobsRead(), "the records up to the first job after --until");
            assertEquals(1, workload.rejections().total());
        }
    }
}
