"""Tests for metrics_check.py. Run: python3 -m unittest discover verify

The hand-made run in verify/metrics-run/ is EASY on flat:10, ended by `--until 105`, with wall times enforced. Its
jobs.csv is what bgctl writes for these SWF lines (id, submit, run, size, requested time):

    1   0  100   4  100        2  20  30   6   40        3  30    5   8    5
    4  40   50  10   50        5  60    6   2    6        6  70   25   4   20

    job  submit  start  end  size  wait  response  run  bounded slowdown max(response, 10) / max(run, 10)
     1      0      0    100    4     0      100    100  100 / 100 = 1
     2     20     20     50    6     0       30     30  30 / 30 = 1
     3     30    100    105    8    70       75      5  75 / 10 = 7.5 (its 5 s run bounded by 10 s)
     4     40    105      -   10   still running at the end: in no figure but jobs_submitted and end
     5     60     60     66    2     0        6      6  10 / 10 = 1
     6     70     70     90    4     0       20     20  20 / 20 = 1 (killed at its wall time, 20 of its 25 s)

Finished: 5 jobs. T = 105 - 0 = 105, capacity T * N = 1050 node-seconds.
Waits 0 0 0 0 70: mean 14; p50 the ceil(2.5) = 3rd smallest, 0; p95 the ceil(4.75) = 5th, 70; max 70.
Responses: sum_flow_s 231, mean 46.2. Mean bounded slowdown 11.5 / 5 = 2.3.
Utilization: 4*100 + 6*30 + 8*5 + 2*6 + 4*20 = 712; 712 / 1050 = 0.678095.
Unused (held + queued demand of the finished jobs, free beyond it): [0, 20) only job 1 holds 4: 6 * 20 = 120;
[20, 100) held + queued is at least 12 (job 3's 8 queued from 30); [100, 105) job 3 holds 8: 2 * 5 = 10.
130 / 1050 = 0.123810. Lost 1 - 712/1050 - 130/1050 = 208 / 1050 = 0.198095.
Weighted flow: 4*100*100 + 6*30*30 + 8*5*75 + 2*6*6 + 4*20*20 = 40000 + 5400 + 3000 + 72 + 1600 = 50072.
Events: 6 submitted + 6 started + 5 finished = 17. Offered load needs job 4's run, which jobs.csv lacks: skipped.
Faults: none; the span, first event to last, is 105 s, availability 1.
"""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import metrics_check as mc  # noqa: E402

ROOT = os.path.dirname(HERE)
RUN = os.path.join(HERE, "metrics-run")
JAR = os.path.join(ROOT, "cli", "target", "bgctl.jar")
SDSC = os.path.join(ROOT, "..", "shared", "traces", "SDSC-SP2-1998-4.2-cln.swf")


def check(run_dir):
    """(metrics that differ, printed output) of metrics_check on run_dir."""
    out = io.StringIO()
    differ = mc.check(run_dir, out=out)
    return differ, out.getvalue()


class HandMadeRunTest(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.run_dir = os.path.join(self.tmp, "run")
        shutil.copytree(RUN, self.run_dir)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def edit_summary(self, **changes):
        path = os.path.join(self.run_dir, "summary.json")
        with open(path) as f:
            summary = json.load(f)
        summary.update(changes)
        with open(path, "w") as f:
            json.dump(summary, f)

    def edit_jobs(self, old, new):
        path = os.path.join(self.run_dir, "jobs.csv")
        with open(path) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(path, "w") as f:
            f.write(text.replace(old, new))

    def test_recomputes_the_hand_computed_figures(self):
        summary, jobs, faults = mc.read_run(RUN)
        got = mc.recompute(summary, jobs, faults)
        expected = {"jobs": 5, "jobs_submitted": 6, "jobs_never_started": 0, "jobs_ended_killed": 1,
                    "end.jobs_left_queued": 0, "end.jobs_left_running": 1, "makespan_s": 105,
                    "mean_wait_s": 14.0, "p50_wait_s": 0, "p95_wait_s": 70, "max_wait_s": 70,
                    "mean_response_s": 46.2, "sum_flow_s": 231, "mean_bounded_slowdown": 2.3,
                    "utilization": float(Fraction(712, 1050)), "unused_capacity": float(Fraction(130, 1050)),
                    "lost_capacity": float(Fraction(208, 1050)), "sum_weighted_flow": 50072.0, "events": 17,
                    mc.ROWS: 0}
        for key, value in expected.items():
            with self.subTest(key=key):
                self.assertAlmostEqual(value, got[key], places=12)
        self.assertIsInstance(got["offered_load"], mc.Skip)

    def test_the_committed_summary_agrees(self):
        differ, out = check(RUN)
        self.assertEqual(0, differ, out)
        self.assertIn("offered_load", out)
        self.assertIn("skipped", out)

    def test_a_wrong_wait_percentile_is_reported(self):
        self.edit_summary(p95_wait_s=0)  # the ceil(0.95 * 5) = 5th smallest is 70, not the 4th (0)
        differ, out = check(self.run_dir)
        self.assertEqual(1, differ, out)
        line = next(line for line in out.splitlines() if "p95_wait_s" in line)
        self.assertIn("DIFFERS", line)
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(1, mc.main(["metrics_check.py", self.run_dir]))

    def test_a_double_agrees_within_its_sixth_decimal_only(self):
        self.edit_summary(utilization=0.678095)   # 0.6780952... written with 6 decimals
        self.assertEqual(0, check(self.run_dir)[0])
        self.edit_summary(utilization=0.678096)
        differ, out = check(self.run_dir)
        self.assertEqual(1, differ, out)

    def test_an_unbounded_slowdown_is_reported(self):
        # job 3 over its own 5 s, 75 / 5 = 15, would make the mean 3.8
        self.edit_summary(mean_bounded_slowdown=3.8)
        differ, out = check(self.run_dir)
        self.assertEqual(1, differ, out)
        self.assertIn("DIFFERS", next(line for line in out.splitlines() if "mean_bounded_slowdown" in line))

    def test_a_row_whose_wait_is_not_its_start_less_its_submit_is_reported(self):
        self.edit_jobs("3,30,100,105,70,", "3,30,100,105,71,")
        differ, out = check(self.run_dir)
        self.assertEqual(1, differ, out)
        self.assertIn("DIFFERS", next(line for line in out.splitlines() if mc.ROWS in line))

    def recompute_with_job_6(self, status):
        self.edit_jobs(",killed_at_walltime,", f",{status},")
        return mc.recompute(*mc.read_run(self.run_dir))

    def test_a_job_killed_by_a_fault_counts_no_work_and_its_part_ran_in_the_slowdown(self):
        # job 6 killed at 90 after 20 s by node-0, with --on-kill fail: utilization without its 4 * 20,
        # (712 - 80) / 1050; its slowdown 20 / 20; one kill, 4 nodes * 20 s lost
        with open(os.path.join(self.run_dir, "faults.csv"), "w") as f:
            f.write("time_s,component,change\n90,node-0,down\n")
        self.edit_summary(faults={"on_kill": "fail"})
        got = self.recompute_with_job_6("killed_by_fault")
        self.assertAlmostEqual(632 / 1050, got["utilization"], places=12)
        self.assertAlmostEqual(2.3, got["mean_bounded_slowdown"], places=12)
        self.assertEqual((1, 1, 1, 1, 0), (got["jobs_ended_killed"], got["faults.jobs_failed"], got["faults.kills"],
                                           got["faults.jobs_ever_killed"], got["faults.requeues"]))
        self.assertAlmostEqual(80 / 3600, got["faults.node_hours_lost"], places=12)
        self.assertIsInstance(got["sum_weighted_flow"], mc.Skip)  # its own run, the weight, is not in jobs.csv
        self.edit_summary(faults={"on_kill": "requeue"})
        self.assertIsInstance(mc.recompute(*mc.read_run(self.run_dir))["faults.kills"], mc.Skip)

    def test_a_cancelled_running_job_counts_the_part_it_ran(self):
        got = self.recompute_with_job_6("cancelled")
        self.assertAlmostEqual(712 / 1050, got["utilization"], places=12)
        self.assertEqual((0, 0), (got["jobs_ended_killed"], got["faults.jobs_failed"]))
        self.assertIsInstance(got["sum_weighted_flow"], mc.Skip)
        self.assertIsInstance(got["events"], mc.Skip)  # the cancellation is an event too

    def test_unused_capacity_counts_the_nodes_held_not_the_size_asked(self):
        # job 3 asks for 8 nodes and is given 9: held over [100, 105), it leaves 1 node idle, not 2: 125 / 1050
        self.edit_jobs("3,30,100,105,70,5,5,8,8,", "3,30,100,105,70,5,5,8,9,")
        got = mc.recompute(*mc.read_run(self.run_dir))
        self.assertAlmostEqual(125 / 1050, got["unused_capacity"], places=12)
        self.assertAlmostEqual(712 / 1050, got["utilization"], places=12)  # its own size, 8, in the utilization

    def test_fault_counts_and_availability_from_faults_csv(self):
        # node-9 down over [100, 105), node-3 down from 104 to the last event, 105: 5 + 1 node-seconds of the
        # 10 * 105 the span holds; two failures, one repair, one component down at the end
        with open(os.path.join(self.run_dir, "faults.csv"), "w") as f:
            f.write("time_s,component,change\n100,node-9,down\n104,node-3,down\n105,node-9,up\n")
        summary, jobs, faults = mc.read_run(self.run_dir)
        got = mc.recompute(summary, jobs, faults)
        self.assertEqual((2, 1, 1, 105), (got["faults.failures"], got["faults.repairs"], got["faults.down_at_end"],
                                          got["faults.span_s"]))
        self.assertAlmostEqual(1 - 6 / 1050, got["faults.availability"], places=12)
        self.assertAlmostEqual(1 - 6 / 1050, got["faults.component_availability.node"], places=12)
        self.assertIsInstance(got["events"], mc.Skip)  # a run with faults journals more than jobs' events

    def test_a_missing_run_directory_exits_2(self):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(2, mc.main(["metrics_check.py", os.path.join(self.tmp, "none")]))


@unittest.skipUnless(os.path.isfile(JAR) and os.path.isfile(SDSC),
                     "needs cli/target/bgctl.jar (mvn -B -q -DskipTests package) and ../shared/traces")
class ReplayTest(unittest.TestCase):

    def test_a_short_replay_agrees(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "run")
            subprocess.run([os.path.join(ROOT, "bgctl"), "replay", "--trace", SDSC, "--first", "500",
                            "--machine", "flat:128", "--scheduler", "easy", "--executor", "direct",
                            "--journal", "memory", "--quiet", "--out", out], check=True, capture_output=True)
            differ, printed = check(out)
        self.assertEqual(0, differ, printed)
        self.assertNotIn("skipped", printed)


if __name__ == "__main__":
    unittest.main()
