#!/usr/bin/env python3
"""Utilization, mean wait and jobs skipped by offered load from a layout sweep's results.csv, as a Markdown
table: one row per offered load, for each layout (dynamic, static, overlap) its utilization and mean wait
in hours; then the jobs each layout skipped as never runnable.
Usage: experiments/layouts-table.py docs/experiments/layouts-ctc/results.csv"""
import csv
import sys


def mode(machine):
    return machine.split("layout=")[1].split(":")[0] if "layout=" in machine else "dynamic"


rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["status"] == "ok"]
modes = []
for r in rows:
    if mode(r["machine"]) not in modes:
        modes.append(mode(r["machine"]))
loads = sorted({r["offered_load"] for r in rows}, key=float)
by = {(mode(r["machine"]), r["offered_load"]): r for r in rows}
print("| offered load | " + " | ".join(f"{m} utilization | {m} mean wait (h)" for m in modes) + " |")
print("|---|" + "---|---|" * len(modes))
for load in loads:
    cells = []
    for m in modes:
        r = by.get((m, load))
        cells += [f"{float(r['utilization']):.3f}", f"{float(r['mean_wait_s']) / 3600:,.1f}"] if r else ["", ""]
    print(f"| {load} | " + " | ".join(cells) + " |")
print()
print("| jobs skipped | " + " | ".join(modes) + " |")
print("|---|" + "---|" * len(modes))
print("| all loads | " + " | ".join(by[(m, loads[0])]["jobs_skipped"] for m in modes) + " |")
