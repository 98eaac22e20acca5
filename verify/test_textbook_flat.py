"""Tests for textbook_flat.py: the hand-checked 9-job EASY fixture, small
hand-made cases (each expected value worked out in the comments), and a
cross-check against a slow unit-time-step implementation on random traces.

Run from the repository root: python3 -m unittest discover verify
"""

import contextlib
import io
import itertools
import os
import random
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import textbook_flat as tf  # noqa: E402

REPO_ROOT = os.path.dirname(HERE)
FIXTURES = os.path.join(REPO_ROOT, "..", "shared", "fixtures")


def swf_line(job_id, submit, runtime, size, requested_time=-1, requested_procs=-1):
    """One 18-field SWF job line; fields not used by the scheduler are -1."""
    fields = [-1] * 18
    fields[0] = job_id
    fields[1] = submit
    fields[3] = runtime
    fields[4] = size
    fields[7] = requested_procs
    fields[8] = requested_time
    return " ".join(str(value) for value in fields)


class TraceFile:
    """A temporary SWF file holding the given job lines after a header."""

    def __init__(self, lines):
        self.lines = lines

    def __enter__(self):
        handle = tempfile.NamedTemporaryFile("w", suffix=".swf", delete=False)
        handle.write("; test trace\n; MaxNodes: 10\n")
        for line in self.lines:
            handle.write(line + "\n")
        handle.close()
        self.path = handle.name
        return self.path

    def __exit__(self, *exc):
        os.unlink(self.path)


def run(lines, nodes, scheduler, **options):
    """Schedule the job lines; return ({job id: start}, {job id: end}, rejected)."""
    with TraceFile(lines) as path:
        jobs, rejected, _ = tf.read_trace(path, nodes, **options)
    jobs = tf.schedule(jobs, nodes, scheduler)
    tf.check_schedule(jobs, nodes, scheduler)
    return ({job.id: job.start for job in jobs},
            {job.id: job.end for job in jobs},
            rejected)


def starts(lines, nodes, scheduler, **options):
    return run(lines, nodes, scheduler, **options)[0]


class FixtureTest(unittest.TestCase):
    """easy-9jobs.swf under EASY on 100 nodes must give easy-9jobs.expected."""

    def test_easy_9jobs(self):
        trace = os.path.join(FIXTURES, "easy-9jobs.swf")
        expected_path = os.path.join(FIXTURES, "easy-9jobs.expected")
        if not (os.path.exists(trace) and os.path.exists(expected_path)):
            self.skipTest("shared fixtures not found next to the repository")
        expected = {}
        with open(expected_path) as stream:
            for line in stream:
                if line.strip() and not line.startswith("#"):
                    job_id, start = line.split()
                    expected[int(job_id)] = int(start)
        out = io.StringIO()
        err = io.StringIO()
        with tempfile.TemporaryDirectory() as tmp:
            csv_path = os.path.join(tmp, "out.csv")
            with contextlib.redirect_stderr(err):
                code = tf.main(["--trace", trace, "--nodes", "100", "--scheduler", "easy",
                                "--check", "--out", csv_path])
            self.assertEqual(code, 0)
            with open(csv_path) as stream:
                out.write(stream.read())
        rows = out.getvalue().splitlines()
        self.assertEqual(rows[0], "job_id,submit_s,start_s,end_s,size")
        got = {int(row.split(",")[0]): int(row.split(",")[2]) for row in rows[1:]}
        self.assertEqual(got, expected)


class GoldenTest(unittest.TestCase):
    """verify/golden/*-first1000-*.csv are this script's output with
    --first 1000 on 128 nodes (and NASA's `32nodes` files on 32 nodes);
    regenerate and compare when the traces are next to the repository."""

    TRACES = {"sdsc": "SDSC-SP2-1998-4.2-cln.swf", "nasa": "NASA-iPSC-1993-3.1-cln.swf"}
    MACHINES = (("sdsc", "128", ""), ("nasa", "128", ""), ("nasa", "32", "32nodes-"))

    def test_golden_files(self):
        for short, nodes, infix in self.MACHINES:
            name = self.TRACES[short]
            trace = os.path.join(REPO_ROOT, "..", "shared", "traces", name)
            if not os.path.exists(trace):
                self.skipTest(f"{name} not found next to the repository")
            for scheduler in tf.SCHEDULERS:
                golden = os.path.join(HERE, "golden", f"{short}-first1000-{infix}{scheduler}.csv")
                with tempfile.TemporaryDirectory() as tmp:
                    out_path = os.path.join(tmp, "out.csv")
                    with contextlib.redirect_stderr(io.StringIO()):
                        code = tf.main(["--trace", trace, "--nodes", nodes, "--scheduler",
                                        scheduler, "--first", "1000", "--check",
                                        "--out", out_path])
                    self.assertEqual(code, 0)
                    with open(out_path) as stream:
                        got = stream.read()
                with open(golden) as stream:
                    self.assertEqual(got, stream.read(), golden)


class EstimateTest(unittest.TestCase):

    def read(self, lines, **options):
        with TraceFile(lines) as path:
            jobs, _, _ = tf.read_trace(path, 10, **options)
        return {job.id: (job.runtime, job.estimate) for job in jobs}

    LINES = [
        swf_line(1, 0, 100, 1, requested_time=300),   # request above run time
        swf_line(2, 0, 100, 1, requested_time=60),    # run longer than requested
        swf_line(3, 0, 100, 1, requested_time=-1),    # no request
        swf_line(4, 0, 100, 1, requested_time=0),     # request 0 counts as none
    ]

    def test_default(self):
        # estimate = max(field 9, run time) if field 9 > 0, else run time
        self.assertEqual(self.read(self.LINES),
                         {1: (100, 300), 2: (100, 100), 3: (100, 100), 4: (100, 100)})

    def test_exact_estimates(self):
        self.assertEqual(self.read(self.LINES, exact_estimates=True),
                         {1: (100, 100), 2: (100, 100), 3: (100, 100), 4: (100, 100)})

    def test_enforce_walltime(self):
        # job 2 is cut to its 60 s request, then estimate = max(60, 60)
        self.assertEqual(self.read(self.LINES, enforce_walltime=True),
                         {1: (100, 300), 2: (60, 60), 3: (100, 100), 4: (100, 100)})


class FcfsTest(unittest.TestCase):

    def test_blocked_head_blocks_everything(self):
        # 10 nodes. Job 1 (6 nodes) runs 0-100. Job 2 (6 nodes) arrives at 10
        # and does not fit in the 4 free nodes: it waits for job 1, until 100.
        # Job 3 (2 nodes, 10 s) would fit at 20, but FCFS stops at the
        # blocked head, so it also waits until 100, when 10 - 6 = 4 nodes
        # are left after job 2 starts.
        lines = [swf_line(1, 0, 100, 6), swf_line(2, 10, 50, 6), swf_line(3, 20, 10, 2)]
        self.assertEqual(starts(lines, 10, "fcfs"), {1: 0, 2: 100, 3: 100})
        # EASY starts job 3 at 20: it ends at 30, before the shadow time 100.
        self.assertEqual(starts(lines, 10, "easy"), {1: 0, 2: 100, 3: 20})

    def test_zero_runtime_job_frees_its_nodes_for_a_second_pass(self):
        # 10 nodes, all at 0. Job 1 (10 nodes, run 0) starts; job 2 does not
        # fit. Job 1's finish at 0 comes after the pass, then a second pass
        # at 0 starts job 2.
        lines = [swf_line(1, 0, 0, 10), swf_line(2, 0, 100, 10)]
        got_starts, got_ends, _ = run(lines, 10, "fcfs")
        self.assertEqual(got_starts, {1: 0, 2: 0})
        self.assertEqual(got_ends, {1: 0, 2: 100})

    def test_arrival_order_is_submit_then_job_id(self):
        # 4 nodes; the lines list job 3 before job 2. Job 1 (4 nodes) runs
        # 0-10. Jobs 3 and 2 (4 nodes each) are both submitted at 5, so the
        # queue order is by job id: 2 then 3. Job 2 runs 10-20, job 3 20-30.
        lines = [swf_line(1, 0, 10, 4), swf_line(3, 5, 10, 4), swf_line(2, 5, 10, 4)]
        self.assertEqual(starts(lines, 4, "fcfs"), {1: 0, 2: 10, 3: 20})


class EasyTest(unittest.TestCase):

    def test_shadow_and_extra_rules(self):
        # 10 nodes; run time = requested time for every job, so estimates are exact.
        # t=0: job 1 (4 nodes, 100 s) and job 2 (3 nodes, 200 s) start; 3 free.
        # t=1: jobs 3..7 arrive. Head job 3 (6 nodes) is blocked. Walking the
        #      running jobs by estimated end: job 1 at 100 frees 4 -> 7 >= 6,
        #      so shadow = 100 and extra = 7 - 6 = 1.
        #   job 4 (2 nodes, 500 s): fits (3 free) but ends at 501 > 100 and
        #      2 > extra 1 -> skipped.
        #   job 5 (1 node, 500 s): ends after the shadow but 1 <= extra 1 ->
        #      starts at 1; extra becomes 0; 2 free.
        #   job 6 (1 node, 500 s): 1 > extra 0 and ends after 100 -> skipped.
        #   job 7 (2 nodes, 99 s): ends at 1 + 99 = 100 <= shadow (the bound
        #      is inclusive) -> starts at 1; 0 free.
        # t=100: jobs 1 and 7 finish: 4 + 2 = 6 free; job 3 starts at 100 as
        #      its reservation promised; 0 free.
        # t=200: jobs 2 and 3 finish: 9 free; job 4 (2) then job 6 (1) start.
        # t=501: job 5 finishes.
        lines = [
            swf_line(1, 0, 100, 4, 100),
            swf_line(2, 0, 200, 3, 200),
            swf_line(3, 1, 100, 6, 100),
            swf_line(4, 1, 500, 2, 500),
            swf_line(5, 1, 500, 1, 500),
            swf_line(6, 1, 500, 1, 500),
            swf_line(7, 1, 99, 2, 99),
        ]
        self.assertEqual(starts(lines, 10, "easy"),
                         {1: 0, 2: 0, 3: 100, 4: 200, 5: 1, 6: 200, 7: 1})

    def test_scheduler_plans_with_the_estimate(self):
        # 10 nodes. Job 1 (6 nodes) requested 100 s but runs 50 s.
        # t=1: head job 2 (8 nodes) is blocked. The scheduler sees job 1
        #   ending at its estimate, 100: shadow 100, extra 10 - 8 = 2.
        #   Job 3 (4 nodes, 60 s) fits in the 4 free nodes and ends at
        #   61 <= 100: starts at 1. 0 free.
        # t=2: job 4 (4 nodes, 10 s) does not fit.
        # t=50: job 1 really ends: 6 free, job 2 still blocked. Shadow is now
        #   job 3's estimated end 61 (6 + 4 = 10 >= 8), extra 2. Job 4 fits
        #   (6 free) and ends at 60 <= 61: starts at 50.
        # t=60: job 4 ends. t=61: job 3 ends, 10 free: job 2 starts at 61.
        lines = [
            swf_line(1, 0, 50, 6, 100),
            swf_line(2, 1, 100, 8, 100),
            swf_line(3, 1, 60, 4, 60),
            swf_line(4, 2, 10, 4, 10),
        ]
        self.assertEqual(starts(lines, 10, "easy"), {1: 0, 2: 61, 3: 1, 4: 50})

    def test_zero_runtime_job_and_second_pass(self):
        # 10 nodes, all submitted at 0, no requested times (estimate = run time).
        # Pass 1 at 0: job 1 (6 nodes, run 0) starts; 4 free. Head job 2
        #   (10 nodes) is blocked. Running job 1 has estimated end 0, which
        #   frees 10 nodes: shadow = 0, extra = 10 - 10 = 0. Job 3 (4 nodes,
        #   10 s) fits in the 4 free nodes, but 0 + 10 > 0 and 4 > 0: skipped.
        # Job 1's finish at 0 is processed after the pass; pass 2 at 0:
        #   job 2 starts at 0 (0 free), job 3 waits for job 2's end at 100.
        lines = [swf_line(1, 0, 0, 6), swf_line(2, 0, 100, 10), swf_line(3, 0, 10, 4)]
        got_starts, got_ends, _ = run(lines, 10, "easy")
        self.assertEqual(got_starts, {1: 0, 2: 0, 3: 100})
        self.assertEqual(got_ends, {1: 0, 2: 100, 3: 110})

    def _sim(self, now, free, running):
        sim = tf.Simulation([], 10, tf.easy_pass)
        sim.now = now
        sim.free = free
        for job in running:
            sim.running[job.id] = job
        return sim

    def test_extra_releases_every_job_ending_at_the_shadow(self):
        # 10 nodes, now 0, 1 free. Running: job 1 (3 nodes) and job 2 (4 nodes)
        # both estimated to end at 50, job 3 (2 nodes) at 80.
        # Head of 4 nodes: walking by (end, id), job 1 at 50 gives 1 + 3 = 4 >= 4,
        # so shadow = 50; extra counts job 2 too (it also ends at 50):
        # 1 + 3 + 4 - 4 = 4.
        running = [tf.Job(1, 0, 50, 3, 50, start=0), tf.Job(2, 0, 50, 4, 50, start=0),
                   tf.Job(3, 0, 80, 2, 80, start=0)]
        head = tf.Job(9, 0, 10, 4, 10)
        self.assertEqual(tf.shadow_and_extra(self._sim(0, 1, running), head), (50, 4))

    def test_estimated_end_in_the_past_counts_as_now(self):
        # now 20, 2 free; job 1 (4 nodes) started at 0 with estimate 10 is
        # still running: its estimated end counts as 20. Head of 5 nodes:
        # 2 + 4 = 6 >= 5 at 20, so shadow = 20 and extra = 6 - 5 = 1.
        running = [tf.Job(1, 0, 30, 4, 10, start=0), tf.Job(2, 0, 100, 4, 100, start=0)]
        head = tf.Job(9, 5, 10, 5, 10)
        self.assertEqual(tf.shadow_and_extra(self._sim(20, 2, running), head), (20, 1))


class ConservativeTest(unittest.TestCase):

    LINES = [
        # 10 nodes; run time = requested time for every job.
        swf_line(1, 0, 100, 6, 100),    # runs 0-100; 4 free
        swf_line(2, 1, 100, 8, 100),    # reserved 100-200 (needs job 1's nodes)
        swf_line(3, 2, 100, 10, 100),   # reserved 200-300 (whole machine)
        swf_line(4, 3, 250, 2, 250),    # see below
        swf_line(5, 4, 90, 2, 90),      # fits 4-94 in the 4 free nodes: starts at 4
    ]

    def test_job_that_would_delay_a_reservation_waits(self):
        # Job 4 (2 nodes, 250 s) at 3: [3, 100) has 4 free, [100, 200) has
        # 10 - 8 = 2 free, but [200, 253) has 0 free (job 3's reservation).
        # Its earliest fit is 300, after job 3, so it does not start at 3.
        # Job 5 (2 nodes, 90 s) at 4 fits in [4, 94) and starts.
        # Actual: job 2 at 100, job 3 at 200, job 4 at 300.
        self.assertEqual(starts(self.LINES, 10, "conservative"),
                         {1: 0, 2: 100, 3: 200, 4: 300, 5: 4})

    def test_easy_starts_that_job_and_delays_job_3(self):
        # The same trace under EASY: at 3 the head is job 2 (shadow 100,
        # extra 10 - 8 = 2); job 4 has 2 <= extra, so it starts at 3.
        # At 4: free 2, shadow still 100 (2 + 6 = 8 >= 8), extra 0; job 5
        # ends at 94 <= 100 and starts. Job 2 starts at 100 (2 + 6 = 8 free),
        # but at 200 only 8 nodes are free until job 4 ends at 253, so
        # job 3 starts at 253.
        self.assertEqual(starts(self.LINES, 10, "easy"),
                         {1: 0, 2: 100, 3: 253, 4: 3, 5: 4})

    def test_reservation_follows_earlier_actual_finish(self):
        # 10 nodes. Job 1 (6 nodes) requested 100 s but runs 40 s.
        # Job 2 (8 nodes, 50 s) at 1 is reserved at 100; job 3 (4 nodes,
        # 10 s, requested 10) at 2 fits [2, 12) and starts.
        # t=12: job 3 ends. t=40: job 1 ends early; the rebuilt profile is
        # empty, so job 2 starts at 40.
        lines = [swf_line(1, 0, 40, 6, 100), swf_line(2, 1, 50, 8, 50),
                 swf_line(3, 2, 10, 4, 10)]
        self.assertEqual(starts(lines, 10, "conservative"), {1: 0, 2: 40, 3: 2})

    def test_zero_runtime_job_holds_its_nodes_during_the_pass(self):
        # 10 nodes, all at 0, estimates = run times.
        # Pass 1 at 0: job 1 (10 nodes, 0 s) is reserved at 0 (a zero-length
        #   reservation takes no time) and starts: 0 nodes actually free.
        #   Job 2 (10 nodes, 100 s) is reserved at 0-100 but cannot start:
        #   job 1 still holds the nodes. Job 3 (1 node, 5 s) finds no room
        #   before 100 (job 2's reservation): reserved at 100.
        # Job 1's finish at 0, then pass 2: job 2 starts at 0; job 3 is
        #   reserved at 100 again and starts then.
        lines = [swf_line(1, 0, 0, 10), swf_line(2, 0, 100, 10), swf_line(3, 0, 5, 1)]
        self.assertEqual(starts(lines, 10, "conservative"), {1: 0, 2: 0, 3: 100})

    def test_profile(self):
        # now=0, 10 nodes, 2 free; running: job 1 (6 nodes, estimated end 100),
        # job 2 (2 nodes, estimated end 200): 2 free on [0, 100), 8 on
        # [100, 200), 10 from 200.
        running = [tf.Job(1, 0, 100, 6, 100, start=0), tf.Job(2, 0, 200, 2, 200, start=0)]
        profile = tf.Profile(0, 10, 2, running)
        self.assertEqual((profile.times, profile.free), ([0, 100, 200], [2, 8, 10]))

    def test_profile_reserve_and_earliest_fit(self):
        # now=0, 10 nodes; job 1 (6 nodes) runs until its estimated end 100:
        # 4 free on [0, 100), 10 from 100. Reserving 8 nodes on [100, 200)
        # (in two steps, 2 then 6) leaves 2 free there and adds a step at 200.
        profile = tf.Profile(0, 10, 4, [tf.Job(1, 0, 100, 6, 100, start=0)])
        self.assertEqual((profile.times, profile.free), ([0, 100], [4, 10]))
        profile.reserve(100, 2, 100)
        self.assertEqual((profile.times, profile.free), ([0, 100, 200], [4, 8, 10]))
        profile.reserve(100, 6, 100)
        self.assertEqual((profile.times, profile.free), ([0, 100, 200], [4, 2, 10]))
        # 2 nodes for 150 s: 4 free on [0, 100), 2 on [100, 150) -> 0.
        self.assertEqual(profile.earliest_fit(2, 150), 0)
        # 3 nodes for 50 s: [0, 50) has 4 -> 0.
        self.assertEqual(profile.earliest_fit(3, 50), 0)
        # 3 nodes for 150 s: any start before 200 overlaps [100, 200) with 2 -> 200.
        self.assertEqual(profile.earliest_fit(3, 150), 200)
        # 5 nodes for 0 s: needs 5 free at its start -> 200.
        self.assertEqual(profile.earliest_fit(5, 0), 200)
        # 4 nodes for 100 s: [0, 100) has exactly 4 and the job ends at 100 -> 0.
        self.assertEqual(profile.earliest_fit(4, 100), 0)
        # 4 nodes for 101 s: would need [100, 101) too -> 200.
        self.assertEqual(profile.earliest_fit(4, 101), 200)


class RejectionTest(unittest.TestCase):

    LINES = [
        # size = field 5 if > 0 else field 8; checks: size, then run time, then machine
        swf_line(1, 0, 10, -1, requested_procs=-1),   # size -1 -> size_not_positive
        swf_line(2, 0, -1, -1, requested_procs=4),    # size 4 (field 8), run -1 -> runtime_unknown
        swf_line(3, 0, -1, 0, requested_procs=-1),    # size 0 and run -1 -> size_not_positive (size first)
        swf_line(4, 0, 10, 20),                       # 20 > 10 nodes -> larger_than_machine
        swf_line(5, 0, -1, -1, requested_procs=20),   # run -1 checked before machine size -> runtime_unknown
        swf_line(6, 0, 10, -1, requested_procs=5),    # accepted, size 5 from field 8
        swf_line(7, 0, 0, 10),                        # accepted: run 0 is fine, size == nodes is fine
        swf_line(8, -1, 10, 4),                       # submit -1 -> submit_unknown, whatever follows
        swf_line(9, 0, -3, 4),                        # run -3 -> runtime_negative
    ]

    def test_counts(self):
        got_starts, _, rejected = run(self.LINES, 10, "fcfs")
        self.assertEqual(rejected, {"submit_unknown": 1, "size_not_positive": 2, "runtime_unknown": 2,
                                    "runtime_negative": 1, "larger_than_machine": 1, "partial_execution": 0})
        # job 6 (5 nodes) starts at 0; job 7 (10 nodes, 0 s) waits for it: 10.
        self.assertEqual(got_starts, {6: 0, 7: 10})

    def test_first_counts_rejected_lines(self):
        # The first 3 job lines are jobs 1-3, all rejected.
        with TraceFile(self.LINES) as path:
            jobs, rejected, job_lines = tf.read_trace(path, 10, first=3)
        self.assertEqual((jobs, job_lines), ([], 3))
        self.assertEqual(rejected, {"submit_unknown": 0, "size_not_positive": 2, "runtime_unknown": 1,
                                    "runtime_negative": 0, "larger_than_machine": 0, "partial_execution": 0})

    def test_partial_executions_repeat_their_jobs_number_and_are_skipped(self):
        # SWF status 2, 3, 4: parts of a checkpointed job, beside its summary line (status 1), same number
        summary = swf_line(1, 0, 300, 4).split()
        parts = [list(summary) for _ in range(2)]
        parts[0][10], parts[0][1], parts[0][3] = "2", "0", "100"
        parts[1][10], parts[1][1], parts[1][3] = "3", "200", "200"
        lines = [" ".join(summary), swf_line(2, 10, 60, 4)] + [" ".join(p) for p in parts]
        with TraceFile(lines) as path:
            jobs, rejected, job_lines = tf.read_trace(path, 10)
        self.assertEqual([job.id for job in jobs], [1, 2])
        self.assertEqual((rejected["partial_execution"], job_lines), (2, 4))

    def test_counts_printed(self):
        err = io.StringIO()
        with TraceFile(self.LINES) as path, tempfile.TemporaryDirectory() as tmp:
            with contextlib.redirect_stderr(err):
                tf.main(["--trace", path, "--nodes", "10", "--scheduler", "easy",
                         "--out", os.path.join(tmp, "out.csv")])
        text = err.getvalue()
        self.assertIn("rejected size_not_positive=2", text)
        self.assertIn("rejected runtime_unknown=2", text)
        self.assertIn("rejected runtime_negative=1", text)
        self.assertIn("rejected submit_unknown=1", text)
        self.assertIn("rejected larger_than_machine=1", text)


# ------------------------------------------------------------------ cross-check
#
# A deliberately slow second implementation of the same rules: it steps time
# one second at a time, finds the EASY shadow by trying every second, and
# keeps the conservative profile as one free-node count per second.

def brute_force(jobs, nodes, scheduler):
    pending = sorted(jobs, key=lambda job: (job.submit, job.id))
    queue, running, start = [], [], {}
    free = nodes
    horizon = max(job.submit for job in jobs) + sum(job.estimate for job in jobs) + 2

    def begin(job, now):
        nonlocal free
        assert job.size <= free
        free -= job.size
        running.append(job)
        start[job.id] = now

    def end_of(job):
        return start[job.id] + job.runtime

    def planned_end(job, now):
        return max(start[job.id] + job.estimate, now)

    def one_pass(now):
        waiting = [job for job in queue if job.id not in start]
        if scheduler in ("fcfs", "easy"):
            i = 0
            while i < len(waiting) and waiting[i].size <= free:
                begin(waiting[i], now)
                i += 1
            if scheduler == "fcfs" or i == len(waiting):
                return
            head = waiting[i]

            def free_at(t):
                return free + sum(r.size for r in running if planned_end(r, now) <= t)

            shadow = next(t for t in itertools.count(now) if free_at(t) >= head.size)
            extra = free_at(shadow) - head.size
            for job in waiting[i + 1:]:
                if job.size <= free:
                    if now + job.estimate <= shadow:
                        begin(job, now)
                    elif job.size <= extra:
                        begin(job, now)
                        extra -= job.size
        else:
            length = horizon + sum(job.estimate for job in jobs) + 2
            avail = [nodes - sum(r.size for r in running if now + k < planned_end(r, now))
                     for k in range(length)]
            for job in waiting:
                for k in range(length):
                    if job.estimate == 0:
                        fits = avail[k] >= job.size
                    else:
                        fits = all(avail[u] >= job.size for u in range(k, k + job.estimate))
                    if fits:
                        break
                assert fits
                for u in range(k, k + job.estimate):
                    avail[u] -= job.size
                if k == 0 and job.size <= free:
                    begin(job, now)

    for now in range(horizon + 1):
        finishing = [r for r in running if end_of(r) == now]
        arriving = [job for job in pending if job.submit == now]
        if not finishing and not arriving:
            continue
        for r in finishing:
            running.remove(r)
            free += r.size
        queue.extend(arriving)
        one_pass(now)
        while any(end_of(r) == now for r in running):
            for r in [r for r in running if end_of(r) == now]:
                running.remove(r)
                free += r.size
            one_pass(now)
        queue = [job for job in queue if job.id not in start]
    assert not queue
    return start


class CrossCheckTest(unittest.TestCase):

    def random_lines(self, rng, nodes):
        lines = []
        for job_id in range(1, rng.randint(1, 14) + 1):
            runtime = rng.choice([0, rng.randint(1, 12), rng.randint(1, 12)])
            requested = rng.choice([-1, runtime, runtime + rng.randint(0, 10),
                                    max(1, runtime - rng.randint(0, 5))])
            lines.append(swf_line(job_id, rng.randint(0, 25), runtime,
                                  rng.randint(1, nodes), requested))
        return lines

    def test_against_brute_force(self):
        rng = random.Random(20240611)
        nodes = 8
        for case in range(400):
            lines = self.random_lines(rng, nodes)
            for scheduler in tf.SCHEDULERS:
                with TraceFile(lines) as path:
                    jobs, _, _ = tf.read_trace(path, nodes)
                    reference_jobs, _, _ = tf.read_trace(path, nodes)
                got = {job.id: job.start for job in tf.schedule(jobs, nodes, scheduler)}
                tf.check_schedule(jobs, nodes, scheduler)
                expected = brute_force(reference_jobs, nodes, scheduler)
                self.assertEqual(got, expected, f"case {case} {scheduler}:\n" + "\n".join(lines))


if __name__ == "__main__":
    unittest.main()
