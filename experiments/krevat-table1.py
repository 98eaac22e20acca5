#!/usr/bin/env python3
"""Krevat et al. (2002), Table 1: job size and workload (size x run time, node-seconds) statistics of the
10,000-job spans bgctl replays, next to the paper's. Reads the jobs.csv of a replay of each span.

Usage: experiments/krevat-table1.py NASA_JOBS.csv SDSC_JOBS.csv   (experiments/krevat-sweep.sh shows the spans)
"""
import csv
import statistics
import sys

PAPER = {"NASA": (6.3, 14.4, 0.881e6, 5.41e6), "SDSC": (9.7, 14.8, 7.1e6, 25.5e6)}


def stats(path):
    sizes, work = [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            size, run = int(row["requested_size"]), int(row["run_s"])
            sizes.append(size)
            work.append(size * run)
    return (len(sizes), statistics.mean(sizes), statistics.pstdev(sizes), statistics.mean(work),
            statistics.pstdev(work))


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("| statistic | NASA: bgctl | NASA: paper | SDSC: bgctl | SDSC: paper |")
    print("|---|---|---|---|---|")
    rows = {name: stats(path) for name, path in zip(("NASA", "SDSC"), sys.argv[1:])}
    labels = ["job size, mean (nodes)", "job size, standard deviation", "workload, mean (node-seconds)",
              "workload, standard deviation"]
    print("| jobs | " + " | ".join(f"{rows[n][0]} | 10000" for n in ("NASA", "SDSC")) + " |")
    for i, label in enumerate(labels):
        fmt = (lambda v: f"{v:.1f}") if i < 2 else (lambda v: f"{v / 1e6:.3g}×10^6")
        print(f"| {label} | " + " | ".join(f"{fmt(rows[n][i + 1])} | {fmt(PAPER[n][i])}" for n in ("NASA", "SDSC"))
              + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
