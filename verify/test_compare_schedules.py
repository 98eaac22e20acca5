"""Tests for compare_schedules.py. Run: python3 -m unittest discover verify"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import compare_schedules  # noqa: E402

REFERENCE = "job_id,submit_s,start_s,end_s,size\n1,0,0,10,4\n2,5,10,20,4\n3,6,6,8,1\n"


class CompareTest(unittest.TestCase):

    def run_compare(self, left_text, right_text):
        with tempfile.TemporaryDirectory() as tmp:
            left = os.path.join(tmp, "left.csv")
            right = os.path.join(tmp, "right.csv")
            with open(left, "w") as stream:
                stream.write(left_text)
            with open(right, "w") as stream:
                stream.write(right_text)
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                code = compare_schedules.main([left, right])
        return code, out.getvalue()

    def test_identical_with_other_columns_and_order(self):
        # bgctl-style file: extra columns, rows in another order, 10.0 == 10.
        bgctl = ("job_id,submit_s,start_s,end_s,size,partition\n"
                 "3,6,6,8,1,R00\n1,0,0,10,4,R01\n2,5,10.0,20,4,R00\n")
        code, out = self.run_compare(REFERENCE, bgctl)
        self.assertEqual(code, 0)
        self.assertIn("compared: 3 jobs", out)
        self.assertIn("start mismatches: 0", out)
        self.assertIn("identical", out)

    def test_mismatch(self):
        code, out = self.run_compare(REFERENCE, REFERENCE.replace("2,5,10,20,4", "2,5,12,22,4"))
        self.assertEqual(code, 1)
        self.assertIn("start mismatches: 1", out)
        self.assertIn("  2  10  12", out)

    def test_jobs_in_one_file_only(self):
        code, out = self.run_compare(REFERENCE, "job_id,start_s\n1,0\n2,10\n4,30\n")
        self.assertEqual(code, 1)
        self.assertIn("compared: 2 jobs", out)
        self.assertIn("start mismatches: 0", out)
        self.assertRegex(out, r"only in the first file \(\S+left.csv\): 1 jobs\n  3\n")
        self.assertRegex(out, r"only in the second file \(\S+right.csv\): 1 jobs\n  4\n")

    def test_missing_column(self):
        code, _ = self.run_compare(REFERENCE, "job_id,begin\n1,0\n")
        self.assertEqual(code, 2)


if __name__ == "__main__":
    unittest.main()
