#!/usr/bin/env python3
"""One CSV row per run directory below DIR: the run's options and its figures by job class.

Usage: bench/subramani_table.py DIR > results.csv
Reads each DIR/*/summary.json written by `bgctl replay` with --ci-fraction.
"""
import csv
import json
import sys
from pathlib import Path

GROUPS = [("all", None), ("ci", ("ci",)), ("nci", ("nci",)),
          ("well_ci", ("well_estimated", "ci")), ("well_nci", ("well_estimated", "nci")),
          ("badly_ci", ("badly_estimated", "ci")), ("badly_nci", ("badly_estimated", "nci"))]


def row(summary):
    classes = summary["workload"]["job_classes"]
    r = {"scheduler": summary["scheduler"], "estimate": summary["workload"]["estimate_source"],
         "ci_fraction": classes["ci_fraction"], "gain": classes["ci_gain"],
         "spread": classes["ci_gain_spread"], "utilization": summary["utilization"]}
    for name, path in GROUPS:
        g = summary
        if path:
            g = summary["job_classes"]
            for key in path:
                g = g[key]
        r[name + "_jobs"] = g["jobs"]
        r[name + "_slowdown"] = g["mean_bounded_slowdown"]
        r[name + "_turnaround_s"] = g["mean_response_s"]
        if path:
            r[name + "_contiguous"] = g["contiguous_jobs"]
    return r


def main(directory):
    rows = [row(json.loads(p.read_text())) for p in sorted(Path(directory).glob("*/summary.json"))]
    rows.sort(key=lambda r: (r["scheduler"], r["estimate"], r["spread"], r["ci_fraction"], r["gain"]))
    out = csv.DictWriter(sys.stdout, fieldnames=list(rows[0].keys()), lineterminator="\n")
    out.writeheader()
    out.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1])
