#!/usr/bin/env python3
"""Utilization by offered load from an Aridor sweep's results.csv, as a Markdown table: one column per
(P_t, machine), one row per offered load, and the saturation row (the highest utilization reached).
Usage: experiments/aridor-table.py docs/experiments/aridor-ctc/results.csv"""
import csv
import sys

rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["status"] == "ok"]
columns = []
for r in rows:
    key = (r["torus_probability"], r["machine"])
    if key not in columns:
        columns.append(key)
loads = sorted({r["offered_load"] for r in rows}, key=float)
value = {(r["torus_probability"], r["machine"], r["offered_load"]): float(r["utilization"]) for r in rows}
print("| offered load | " + " | ".join(f"P_t={p} {m}" for p, m in columns) + " |")
print("|---|" + "---|" * len(columns))
for load in loads:
    cells = [f"{value[(p, m, load)]:.3f}" if (p, m, load) in value else "" for p, m in columns]
    print(f"| {load} | " + " | ".join(cells) + " |")
best = [max(v for (p2, m2, _), v in value.items() if (p2, m2) == (p, m)) for p, m in columns]
print("| **highest** | " + " | ".join(f"**{b:.3f}**" for b in best) + " |")
