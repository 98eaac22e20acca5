package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobTable;
import org.bgctl.report.html.RunReport;
import org.bgctl.reservations.RunReservations;
import org.bgctl.run.ReplayParameters;
import org.bgctl.scheduler.Reservation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorded serve run — submissions, a fault and its repair, a cancellation, jobs ending while
 * others arrive — replayed from its journal in virtual time gives the server's schedule job by job.
 */
class JournalReplayTest {

    @TempDir
    Path dir;

    @Test
    void aServeRunReplayedFromItsJournalHasTheSameSchedule() throws Exception {
        Path run = dir.resolve("serve");
        Random random = new Random(7);
        try (LiveServer server = LiveServer.start(new ServeSpec("bgl", "easy", 40, Optional.empty(), 0, run,
                "127.0.0.1", 0, Optional.empty()))) {
            ApiCalls api = new ApiCalls(server);
            // placed on the empty machine: a window over midplanes that a running job holds into it is refused
            assertEquals(200, api.post("/api/reservations", "{\"name\": \"box\", \"start\": 0,"
                    + " \"end\": 100000, \"what\": \"R000:4x2x2\"}", null).status());
            for (int i = 0; i < 30; i++) {
                String size = random.nextBoolean() ? "\"size\": " + (512 * (1 + random.nextInt(32)))
                        : "\"shape\": \"" + (1 + random.nextInt(4)) + "x" + (1 + random.nextInt(2)) + "x" + (1 + random.nextInt(4)) + "\"";
                int runtime = 5 + random.nextInt(120);
                ApiCalls.Answer a = api.post("/api/jobs", "{" + size + ", \"runtime\": " + runtime + ", \"estimate\": "
                        + (runtime + random.nextInt(60)) + "}", null);
                assertEquals(201, a.status(), a.body().toString());
                if (i == 10) assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R311\", \"state\": \"down\"}", null).status());
                if (i == 20) assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R311\", \"state\": \"up\"}", null).status());
                if (i == 25) api.delete("/api/jobs/" + a.body().get("id").asLong(), null);
                if (i == 15) assertEquals(200, api.delete("/api/reservations/box", null).status());
                Thread.sleep(random.nextInt(150));
            }
            Thread.sleep(1500);
        }
        JobTable served = new JobTable();
        long[] last = {0};
        JournalReader.read(run, e -> {
            served.accept(e);
            last[0] = Math.max(last[0], e.time());
        });

        JournalReplay.Result replay = JournalReplay.run(run, null, dir.resolve("replay"));
        assertEquals(List.of(), replay.violations());
        Map<Long, JobRecord> replayed = new HashMap<>();
        for (JobRecord r : replay.jobs()) replayed.put(r.job().id(), r);
        assertEquals(served.records().size(), replayed.size());
        int started = 0;
        for (JobRecord s : served.records()) {
            JobRecord r = replayed.get(s.job().id());
            assertEquals(s.job(), r.job());
            if (s.start() >= 0) {
                started++;
                assertEquals(s.start(), r.start(), "start of job " + s.job().id());
                assertEquals(s.partition(), r.partition(), "partition of job " + s.job().id());
            } else {
                assertTrue(r.start() < 0 || r.start() >= last[0], "job " + s.job().id() + " started at " + r.start());
            }
            if (s.end() >= 0) {
                assertEquals(s.end(), r.end(), "end of job " + s.job().id());
                assertEquals(s.status(), r.status(), "status of job " + s.job().id());
            }
        }
        assertTrue(started > 10, started + " jobs started");
        assertTrue(served.records().stream().anyMatch(r -> r.status().equals("cancelled")));
        // the midplane failed and was repaired once: the summary's faults block says so, as a trace replay's does
        @SuppressWarnings("unchecked")
        Map<String, Object> faults = (Map<String, Object>) replay.summary().get("faults");
        assertEquals(1L, faults.get("failures"), String.valueOf(faults));
        assertEquals(1L, faults.get("repairs"), String.valueOf(faults));
        assertTrue(((Number) faults.get("availability")).doubleValue() < 1, String.valueOf(faults));

        // the serve run's report comes from its journal; the replay of it writes its own
        String report = Files.readString(RunReport.write(run));
        assertTrue(report.contains("<figcaption>Occupancy: the partition each job held</figcaption>"), "occupancy");
        assertTrue(report.contains("<title>mp-R311 down from "), "the fault timeline shows the midplane down");
        assertTrue(Files.isRegularFile(dir.resolve("replay").resolve(RunReport.FILE)));

        JournalReplay.Result fcfs = JournalReplay.run(run, "fcfs", dir.resolve("fcfs"));
        assertEquals(List.of(), fcfs.violations());
        assertEquals(served.records().size(), fcfs.jobs().size());
        assertEquals("fcfs", fcfs.summary().get("scheduler"));

        // paced at k virtual seconds per wall second: the same schedule, and no sooner than its span allows; the
        // scaled clock starts at the first recorded input, at the latest the first submission
        long end = replay.jobs().stream().mapToLong(JobRecord::end).max().orElse(0);
        long first = replay.jobs().stream().mapToLong(r -> r.job().submit()).min().orElse(0);
        double k = (end - first) / 6.0;
        long t0 = System.nanoTime();
        JournalReplay.Result paced = JournalReplay.run(run, null, dir.resolve("paced"), OptionalDouble.of(k));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(replay.jobs(), paced.jobs());
        assertTrue(seconds >= (end - first) / k, seconds + " s for " + (end - first) + " virtual s at " + k);
    }

    /** A server of {@code parameters}, at {@code speed}, given {@code jobs} (bodies of POST /api/jobs) then run a while. */
    private Path served(ReplayParameters parameters, double speed, String... jobs) throws Exception {
        Path run = dir.resolve("served");
        try (LiveServer server = LiveServer.start(new ServeSpec(parameters, OptionalDouble.of(speed), run, "127.0.0.1", 0,
                Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), false))) {
            ApiCalls api = new ApiCalls(server);
            for (String job : jobs) assertEquals(201, api.post("/api/jobs", job, null).status());
            Thread.sleep(1000);
        }
        return run;
    }

    /** The jobs of {@code run}'s journal by id. */
    private static Map<Long, JobRecord> jobs(Path run) throws Exception {
        JobTable table = new JobTable();
        JournalReader.read(run, table);
        Map<Long, JobRecord> jobs = new HashMap<>();
        for (JobRecord r : table.records()) jobs.put(r.job().id(), r);
        return jobs;
    }

    /**
     * The windows of the reservation file a server was given hold its re-driven run too: a job the server kept
     * out of a window does not start in it. Before, the replay knew only the windows placed through the API.
     */
    @Test
    void theSummaryNamesTheNodesAndTheFinishedJobsAsAReplaysDoes() throws Exception {
        // job 2 (8 nodes, 5000 s) is held out by the whole-machine window and starts at 100000; both finish
        Path windows = Files.writeString(dir.resolve("windows"), "1000 100000 all maint\n");
        Path run = served(ReplayParameters.none().with("machine", "flat:8").with("scheduler", "easy")
                .with("reservations", windows), 40, "{\"size\": 4, \"runtime\": 50}", "{\"size\": 8, \"runtime\": 5000}");
        JournalReplay.Result replay = JournalReplay.run(run, null, dir.resolve("replay"));
        assertEquals(8, replay.summary().get("nodes"));
        assertEquals(2, replay.summary().get("jobs"), "the jobs mean_wait_s and the others are over");
    }

    @Test
    void theWindowsOfTheServersReservationFileHoldTheReplay() throws Exception {
        Path windows = Files.writeString(dir.resolve("windows"), "1000 100000 all maint\n");
        Path run = served(ReplayParameters.none().with("machine", "flat:8").with("scheduler", "easy")
                .with("reservations", windows), 40, "{\"size\": 4, \"runtime\": 50}", "{\"size\": 4, \"runtime\": 5000}");
        assertTrue(jobs(run).get(1L).start() >= 0, "job 1 ends before the window");
        assertTrue(jobs(run).get(2L).start() < 0, "the server kept job 2 out of the window");
        JournalReplay.Result replay = JournalReplay.run(run, null, dir.resolve("replay"));
        Map<Long, JobRecord> replayed = new HashMap<>();
        for (JobRecord r : replay.jobs()) replayed.put(r.job().id(), r);
        assertEquals(jobs(run).get(1L).start(), replayed.get(1L).start());
        assertEquals(100000, replayed.get(2L).start(), "job 2 starts once the window ends");
        // the replay's directory says which file held it, so status --run lists the file's windows there too
        assertEquals(List.of(new Reservation("maint", 1000, 100000, 8, List.of(), true)),
                RunReservations.of(dir.resolve("replay"), new FlatMachine(8)).windows().windows());
    }

    /**
     * A reservation file changed since the server read it is refused by name: the server held the windows it read,
     * and a replay of other windows is not its run. Before, the replay took the file as it was now and, when a window
     * cancelled through the API was gone from it, stopped with 'the replay refused a recorded operation:
     * Operation[time=..., kind=UNRESERVE, ...]', exit 1.
     */
    @Test
    void aReservationFileChangedSinceTheRunIsRefusedByName() throws Exception {
        Path windows = Files.writeString(dir.resolve("windows"), "1000 100000 all maint\n");
        Path run = served(ReplayParameters.none().with("machine", "flat:8").with("scheduler", "easy")
                .with("reservations", windows), 40, "{\"size\": 4, \"runtime\": 50}");
        Files.writeString(windows, "1000 200000 all maint\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JournalReplay.run(run, null, dir.resolve("replay")));
        assertEquals("the reservation file " + windows + " changed since the run started (its SHA-256 differs from the"
                + " journal's); it cannot be re-driven as served", e.getMessage());
    }

    /**
     * The scheduler of a re-driven run reads the local time the server's did, its trace's: NQS on the Paragon puts
     * this job on node set 3 outside prime time (its submission is at noon on a Saturday in the trace's time zone).
     * Before, the replay read time 0 as the epoch in UTC, where the submission is at 09:30 on a Thursday, prime time,
     * and put it on node set 1.
     */
    @Test
    void aReplayedRunReadsTheLocalTimeOfTheServersTrace() throws Exception {
        Path trace = Files.write(dir.resolve("saturday.swf"), List.of("; UnixStartTime: 893496600",
                "; TimeZoneString: US/Pacific", "; MaxNodes: 128",
                "1 34200 5 28826 1 27758 -1 1 28800 -1 5 153 75 18180 3 -1 -1 -1"));
        Path run = served(ReplayParameters.none().with("machine", "paragon-sdsc").with("scheduler", "nqs")
                .with("trace", trace), 100000);
        String partition = jobs(run).get(1L).partition();
        assertTrue(partition.startsWith("ns-3["), partition);
        JournalReplay.Result replay = JournalReplay.run(run, null, dir.resolve("replay"));
        assertEquals(partition, replay.jobs().get(0).partition());
    }

    /**
     * A change of the server's fault file happens with the instant of its second, before its pass, as the server
     * released it; so does the re-driven run. Here node 0 of flat:4 is repaired at 1000, when a maintenance window
     * ends: the server repairs it, then starts job 1 on all four nodes. Before, the replay planned at 1000 first, with
     * node 0 still down, and backfilled job 2 on the three others; job 1 then waited for it.
     */
    @Test
    void aScriptedRepairIsReplayedWithTheInstantOfItsSecond() throws Exception {
        Path trace = Files.write(dir.resolve("two.swf"), List.of("; MaxNodes: 4",
                "1 60 -1 100 4 -1 -1 4 100 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "2 61 -1 100 3 -1 -1 3 100 -1 1 -1 -1 -1 -1 -1 -1 -1"));
        Path faults = Files.writeString(dir.resolve("faults"), "50 node-0 down\n1000 node-0 up\n");
        Path windows = Files.writeString(dir.resolve("windows"), "100 1000 all maint\n");
        Path run = dir.resolve("served");
        try (LiveServer server = LiveServer.start(new ServeSpec(ReplayParameters.none().with("machine", "flat:4")
                .with("scheduler", "easy").with("trace", trace).with("faults", faults).with("reservations", windows),
                OptionalDouble.of(1000), run, "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(),
                false))) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (server.view().jobs().stream().filter(j -> "completed".equals(j.get("status"))).count() < 2) {
                assertTrue(System.nanoTime() < deadline, "the server ran both jobs");
                Thread.sleep(100);
            }
        }
        Map<Long, JobRecord> served = jobs(run);
        assertEquals(1000, served.get(1L).start(), "the server starts job 1 once node 0 is back");
        JournalReplay.Result replay = JournalReplay.run(run, null, dir.resolve("replay"));
        for (JobRecord r : replay.jobs()) assertEquals(served.get(r.job().id()).start(), r.start(), "job " + r.job().id());
    }
}
