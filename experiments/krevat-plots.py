#!/usr/bin/env python3
"""Plots of the Krevat sweep (experiments/krevat-sweep.sh) as SVG files, in the layout of the paper's
figures: mean wait and mean bounded slowdown vs utilization per trace (Figures 3-5, the flat machine's FCFS
and EASY included), migrations vs utilization (Figure 6), and capacity utilized / unused / lost per scheduler
at c = 1.0 (Figure 8). Plain SVG, no plotting library needed.

Usage: experiments/krevat-plots.py SWEEP.csv OUT_DIR
"""

import csv
import math
import os
import sys

SCHEDULERS = [  # (scheduler, machine prefix, label, colour)
    ("krevat-fcfs", "supernode", "FCFS (torus)", "#1f77b4"),
    ("krevat-backfill", "supernode", "Backfill (torus)", "#ff7f0e"),
    ("krevat-migration", "supernode", "Migration (torus)", "#2ca02c"),
    ("krevat-bm", "supernode", "B+M (torus)", "#d62728"),
    ("fcfs", "flat", "FCFS (flat)", "#9467bd"),
    ("easy", "flat", "Backfill (flat)", "#8c564b"),
]
WIDTH, HEIGHT = 600, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 40, 50


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def series(rows, trace, scheduler, machine, y):
    points = [(float(r["utilization"]), float(r[y]), float(r["runtime_coefficient"])) for r in rows
              if r["trace"] == trace and r["scheduler"] == scheduler and r["machine"].startswith(machine)]
    return sorted(points, key=lambda p: p[2])


def axis_ticks(lo, hi, count=5):
    """Round ticks (1, 2 or 5 times a power of ten apart) covering [lo, hi], about {count} of them."""
    raw = (hi - lo) / count or 1.0
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    return [first + i * step for i in range(int((hi - first) / step + 1e-9) + 1)]


def line_chart(title, x_label, y_label, lines, log_y, path):
    xs = [p[0] for _, _, pts in lines for p in pts]
    ys = [p[1] for _, _, pts in lines for p in pts if not log_y or p[1] > 0]
    if not xs or not ys:
        return
    x_lo, x_hi = math.floor(min(xs) * 20) / 20, math.ceil(max(xs) * 20) / 20
    if log_y:
        y_lo, y_hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    else:
        y_lo, y_hi = 0.0, axis_ticks(0.0, max(ys) * 1.05 or 1.0)[-1]
        if y_hi < max(ys):
            y_hi += axis_ticks(0.0, max(ys))[1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (x - x_lo) / (x_hi - x_lo or 1) * plot_w

    def py(y):
        v = math.log10(y) if log_y else y
        return TOP + plot_h - (v - y_lo) / (y_hi - y_lo or 1) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT + plot_w / 2}" y="20" text-anchor="middle" font-size="13">{title}</text>',
           f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>']
    for x in axis_ticks(x_lo, x_hi):
        out.append(f'<line x1="{px(x)}" y1="{TOP + plot_h}" x2="{px(x)}" y2="{TOP + plot_h + 4}" stroke="black"/>')
        out.append(f'<text x="{px(x)}" y="{TOP + plot_h + 16}" text-anchor="middle">{x:.2f}</text>')
        out.append(f'<line x1="{px(x)}" y1="{TOP}" x2="{px(x)}" y2="{TOP + plot_h}" stroke="#eeeeee"/>')
    y_ticks = range(int(y_lo), int(y_hi) + 1) if log_y else axis_ticks(y_lo, y_hi)
    for t in y_ticks:
        y = 10 ** t if log_y else t
        label = f"1e{t}" if log_y else (f"{y:.0f}" if y_hi > 20 else f"{y:.2f}")
        out.append(f'<line x1="{LEFT - 4}" y1="{py(y)}" x2="{LEFT}" y2="{py(y)}" stroke="black"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py(y) + 4}" text-anchor="end">{label}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">{x_label}</text>')
    out.append(f'<text x="16" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {TOP + plot_h / 2})">{y_label}</text>')
    for i, (label, colour, pts) in enumerate(lines):
        pts = [p for p in pts if not log_y or p[1] > 0]
        if pts:
            path_d = " ".join(f"{'M' if j == 0 else 'L'}{px(x):.1f},{py(y):.1f}" for j, (x, y, _) in enumerate(pts))
            out.append(f'<path d="{path_d}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
            out += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.2" fill="{colour}"/>' for x, y, _ in pts]
        ly = TOP + 12 + 16 * i
        out.append(f'<line x1="{WIDTH - RIGHT + 10}" y1="{ly - 4}" x2="{WIDTH - RIGHT + 28}" y2="{ly - 4}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 32}" y="{ly}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def capacity_chart(rows, path):
    bars = []
    for trace in ("nasa", "sdsc"):
        for scheduler, machine, label, _ in SCHEDULERS:
            for r in rows:
                if (r["trace"], r["scheduler"]) == (trace, scheduler) and r["machine"].startswith(machine) \
                        and float(r["runtime_coefficient"]) == 1.0:
                    bars.append((f"{trace.upper()} {label}", float(r["utilization"]), float(r["unused_capacity"]),
                                 float(r["lost_capacity"])))
    bar_h, gap = 18, 6
    height = TOP + len(bars) * (bar_h + gap) + 40
    plot_w = 300
    left = 190
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + plot_w + 30}" height="{height}" '
           f'font-family="sans-serif" font-size="11">', f'<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{left + plot_w / 2}" y="20" text-anchor="middle" font-size="13">'
           f'Capacity utilized / unused / lost at c = 1.0</text>']
    for i, (label, used, unused, lost) in enumerate(bars):
        y = TOP + i * (bar_h + gap)
        out.append(f'<text x="{left - 6}" y="{y + 13}" text-anchor="end">{label}</text>')
        x = left
        for value, colour in ((used, "#2ca02c"), (unused, "#bbbbbb"), (lost, "#d62728")):
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{value * plot_w:.1f}" height="{bar_h}" fill="{colour}"/>')
            x += value * plot_w
        out.append(f'<text x="{left + 4}" y="{y + 13}" fill="white">{used:.2f}</text>')
    y = TOP + len(bars) * (bar_h + gap) + 14
    for i, (name, colour) in enumerate((("utilized", "#2ca02c"), ("unused", "#bbbbbb"), ("lost", "#d62728"))):
        out.append(f'<rect x="{left + 100 * i}" y="{y}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{left + 100 * i + 16}" y="{y + 10}">{name}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: krevat-plots.py SWEEP.csv OUT_DIR")
    rows = read(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for trace in ("nasa", "sdsc"):
        name = trace.upper()
        for y, label, log_y, fig in (("mean_wait_s", "mean wait (s)", True, "wait"),
                                     ("mean_bounded_slowdown", "mean bounded slowdown", True, "slowdown")):
            lines = [(lbl, colour, series(rows, trace, s, m, y)) for s, m, lbl, colour in SCHEDULERS]
            line_chart(f"{name}: {label} vs utilization", "utilization", label, lines, log_y,
                       os.path.join(out, f"{trace}-{fig}.svg"))
        lines = []
        for s, m, lbl, colour in SCHEDULERS[2:4]:
            for y, kind, opacity in (("migrations_total", "total", ""), ("migrations_successful", "successful", "99"),
                                     ("migrations_max_successful", "max successful", "55")):
                lines.append((f"{lbl.split(' ')[0]} {kind}", colour + opacity, series(rows, trace, s, m, y)))
        line_chart(f"{name}: migrations vs utilization", "utilization", "migrations", lines, False,
                   os.path.join(out, f"{trace}-migrations.svg"))
    capacity_chart(rows, os.path.join(out, "capacity.svg"))


if __name__ == "__main__":
    main()
