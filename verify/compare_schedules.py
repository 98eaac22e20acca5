#!/usr/bin/env python3
"""Compare two schedules job by job on their start times.

Each file is a CSV with a header that has at least the columns job_id and
start_s (textbook_flat.py output, or bgctl's jobs.csv). Prints how many jobs
were compared, the jobs whose start times differ (the first 20, with both
start times) and the jobs present in only one file.

Exit status: 0 if both files hold the same jobs with the same start times,
1 if they differ, 2 if a file cannot be read.
"""

import argparse
import csv
import sys

SHOWN = 20


class ScheduleError(Exception):
    pass


def number(text):
    """Numeric value of a CSV cell, so that '100' and '100.0' compare equal."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return float(text)


def read_starts(path):
    """Return {job id: (start as a number, start as written)}."""
    starts = {}
    with open(path, newline="") as stream:
        reader = csv.DictReader(stream)
        if reader.fieldnames is None:
            raise ScheduleError(f"{path}: empty file")
        fields = [name.strip() for name in reader.fieldnames]
        reader.fieldnames = fields
        for column in ("job_id", "start_s"):
            if column not in fields:
                raise ScheduleError(f"{path}: no {column} column in header {fields}")
        for line_number, row in enumerate(reader, start=2):
            try:
                job_id = number(row["job_id"])
                start = number(row["start_s"])
            except (ValueError, AttributeError):
                raise ScheduleError(f"{path}:{line_number}: bad job_id or start_s") from None
            if job_id in starts:
                raise ScheduleError(f"{path}:{line_number}: job {job_id} appears twice")
            starts[job_id] = (start, row["start_s"].strip())
    return starts


def compare(left_path, right_path, out=None):
    """Print the comparison; return True if the schedules are identical."""
    out = out or sys.stdout
    left = read_starts(left_path)
    right = read_starts(right_path)
    common = sorted(left.keys() & right.keys())
    only_left = sorted(left.keys() - right.keys())
    only_right = sorted(right.keys() - left.keys())
    mismatches = [job_id for job_id in common if left[job_id][0] != right[job_id][0]]

    print(f"compared: {len(common)} jobs", file=out)
    print(f"start mismatches: {len(mismatches)}", file=out)
    if mismatches:
        print(f"  job_id  start_s in {left_path}  start_s in {right_path}", file=out)
        for job_id in mismatches[:SHOWN]:
            print(f"  {job_id}  {left[job_id][1]}  {right[job_id][1]}", file=out)
        if len(mismatches) > SHOWN:
            print(f"  ... {len(mismatches) - SHOWN} more", file=out)
    for which, path, only in (("first", left_path, only_left), ("second", right_path, only_right)):
        print(f"only in the {which} file ({path}): {len(only)} jobs", file=out)
        if only:
            listed = " ".join(str(job_id) for job_id in only[:SHOWN])
            more = f" ... {len(only) - SHOWN} more" if len(only) > SHOWN else ""
            print(f"  {listed}{more}", file=out)
    identical = not mismatches and not only_left and not only_right
    print("identical" if identical else "DIFFERENT", file=out)
    return identical


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Compare start times of two schedules (CSV with job_id and start_s).")
    parser.add_argument("left", help="first schedule CSV (e.g. the reference)")
    parser.add_argument("right", help="second schedule CSV (e.g. bgctl's jobs.csv)")
    args = parser.parse_args(argv)
    try:
        identical = compare(args.left, args.right)
    except (OSError, ScheduleError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
