#!/usr/bin/env python3
"""The PFCFS sweeps (experiments/gang-sweep.sh) as the change of each criterion relative to FCFS, per month, in
the layout of Schwiegelshohn and Yahyapour (1998), Figures 3-7: a CSV of every change, a Markdown table of the
headline setting, and SVG charts (plain SVG, no plotting library needed).

change = (value - FCFS value) / FCFS value, in percent, for the same machine and month; negative is better.
Criteria: makespan (last end - first submit), sum of flow times, sum of weighted flow times (w = size x run time).

Usage: experiments/gang-plots.py SWEEPS_DIR OUT_DIR   (SWEEPS_DIR holds references/, threshold/, switches/, delay/)
"""

import csv
import os
import sys

CRITERIA = [("makespan_s", "makespan"), ("sum_flow_s", "flow time"), ("sum_weighted_flow", "weighted flow time")]
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
HEADLINE = {"flat:128": "40", "flat:256": "45"}
# The paper's Table 1: jobs per month (submission time), in all, at most 256 nodes, at most 128 nodes.
PAPER_TABLE_1 = {"1996-07": (7953, 7933, 7897), "1996-08": (7302, 7279, 7234), "1996-09": (6188, 6180, 6106),
                 "1996-10": (7288, 7277, 7270), "1996-11": (7849, 7841, 7816), "1996-12": (7900, 7893, 7888),
                 "1997-01": (7544, 7538, 7506), "1997-02": (8188, 8177, 8159), "1997-03": (6945, 6933, 6909),
                 "1997-04": (6118, 6102, 6085), "1997-05": (5992, 5984, 5962)}  # the paper's Table 3: x per machine, with n = 1, delta = 60 s
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 680, 380, 70, 190, 40, 55


def read(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok"]


def change(value, reference):
    return 100.0 * (float(value) - float(reference)) / float(reference)


def ticks(lo, hi):
    span = hi - lo or 1.0
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if span / s <= 8)
    first = int(lo // step) * step
    return [first + i * step for i in range(int((hi - first) // step) + 2) if first + i * step <= hi + step]


def chart(title, categories, lines, path, y_label="change vs FCFS (%)"):
    """A line per (label, {category: value}); categories along x, in order; a zero line."""
    values = [v for _, pts in lines for v in pts.values()] + [0.0]
    ts = ticks(min(values), max(values))
    y_lo, y_hi = ts[0], ts[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(i):
        return LEFT + (i + 0.5) / len(categories) * plot_w

    def py(v):
        return TOP + plot_h - (v - y_lo) / (y_hi - y_lo or 1) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT + plot_w / 2}" y="20" text-anchor="middle" font-size="13">{title}</text>',
           f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>']
    for t in ts:
        out.append(f'<line x1="{LEFT}" y1="{py(t):.1f}" x2="{LEFT + plot_w}" y2="{py(t):.1f}" '
                   f'stroke="{"#888888" if t == 0 else "#eeeeee"}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{t:g}</text>')
    for i, c in enumerate(categories):
        short = c[2:] if len(c) == 7 and c[4] == "-" else c  # 1996-07 as 96-07
        out.append(f'<text x="{px(i):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{short}</text>')
    out.append(f'<text x="16" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {TOP + plot_h / 2})">{y_label}</text>')
    for k, (label, pts) in enumerate(lines):
        colour = COLOURS[k % len(COLOURS)]
        xy = [(px(i), py(pts[c])) for i, c in enumerate(categories) if c in pts]
        if xy:
            d = " ".join(f"{'M' if j == 0 else 'L'}{x:.1f},{y:.1f}" for j, (x, y) in enumerate(xy))
            out.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
            out += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}"/>' for x, y in xy]
        ly = TOP + 12 + 16 * k
        out.append(f'<line x1="{WIDTH - RIGHT + 10}" y1="{ly - 4}" x2="{WIDTH - RIGHT + 28}" y2="{ly - 4}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 32}" y="{ly}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gang-plots.py SWEEPS_DIR OUT_DIR")
    sweeps, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    refs = read(os.path.join(sweeps, "references", "results.csv"))
    fcfs = {(r["machine"], r["month"]): r for r in refs if r["scheduler"] == "fcfs"}
    months = sorted({m for _, m in fcfs})
    rows = []  # (sweep, machine, month, setting, criterion, value, fcfs, change)

    def add(sweep, r, setting):
        ref = fcfs.get((r["machine"], r["month"]))
        if ref is None:
            return
        for key, _ in CRITERIA:
            rows.append((sweep, r["machine"], r["month"], setting, key, r[key], ref[key], change(r[key], ref[key])))

    for r in refs:
        if r["scheduler"] == "easy":
            add("references", r, "easy")
    for r in read(os.path.join(sweeps, "threshold", "results.csv")):
        add("threshold", r, f"pfcfs x={r['pfcfs_threshold']} n=1 delta=60")
    for r in read(os.path.join(sweeps, "switches", "results.csv")):
        add("switches", r, f"pfcfs x=40 n={r['pfcfs_switches']} Delta={r['pfcfs_gang']} delta=60")
    for r in read(os.path.join(sweeps, "delay", "results.csv")):
        add("delay", r, f"pfcfs x=40 n={r['pfcfs_switches']} Delta=120 delta={r['pfcfs_delay']}")
    with open(os.path.join(out, "change-vs-fcfs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["sweep", "machine", "month", "setting", "criterion", "value", "fcfs", "change_pct"])
        for row in rows:
            w.writerow(row[:7] + (f"{row[7]:.2f}",))

    def series(machine, setting, key):
        return {m: c for (_, mach, m, s, k, _, _, c) in rows if mach == machine and s == setting and k == key}

    table = []
    for machine, x in HEADLINE.items():
        headline = f"pfcfs x={x} n=1 delta=60"
        lines = []
        for key, label in CRITERIA:
            lines.append((f"PFCFS {label}", series(machine, headline, key)))
            lines.append((f"EASY {label}", series(machine, "easy", key)))
        chart(f"PFCFS (x = {x}%, n = 1, delta = 60 s) and EASY vs FCFS, {machine} (Fig. 3)", months, lines,
              os.path.join(out, f"fig3-{machine.replace(':', '')}.svg"))
        table.append(f"\n{machine}, PFCFS x = {x}%, n = 1, delta = 60 s; change vs FCFS in %\n")
        table.append("| month | PFCFS makespan | PFCFS flow | PFCFS weighted flow | EASY makespan | EASY flow | "
                     "EASY weighted flow |")
        table.append("|---|---|---|---|---|---|---|")
        for m in months:
            cells = [series(machine, s, k).get(m) for s in (headline, "easy") for k, _ in CRITERIA]
            table.append(f"| {m} | " + " | ".join("-" if c is None else f"{c:+.1f}" for c in cells) + " |")
        for key, label in CRITERIA:
            chart(f"PFCFS change of {label} vs FCFS by x (n = 1, delta = 60 s), {machine} (Fig. 6/7)", months,
                  [(f"x = {t}%", series(machine, f"pfcfs x={t} n=1 delta=60", key)) for t in (40, 45, 50, 55, 60)],
                  os.path.join(out, f"threshold-{key}-{machine.replace(':', '')}.svg"))
            for gang in ("120", "600", "3600"):
                chart(f"PFCFS change of {label} vs FCFS by n (x = 40%, Delta = {gang} s), {machine} (Fig. 4/5)",
                      months, [(f"n = {n}", series(machine, f"pfcfs x=40 n={n} Delta={gang} delta=60", key))
                               for n in (1, 2, 3, 10, 11)],
                      os.path.join(out, f"switches-{key}-{gang}-{machine.replace(':', '')}.svg"))
    table.append("\nJobs per month (Table 1): kept on each machine (dropped as larger than it), next to the paper's\n")
    table.append("| month | all | <= 256 nodes | paper | <= 128 nodes | paper |")
    table.append("|---|---|---|---|---|---|")
    for m in months:
        k256, k128 = fcfs.get(("flat:256", m)), fcfs.get(("flat:128", m))
        if k256 is None or k128 is None:
            continue
        paper = PAPER_TABLE_1.get(m, ("?", "?", "?"))
        total = int(k128["jobs"]) + int(k128["jobs_skipped"])
        table.append(f"| {m} | {total} | {k256['jobs']} ({k256['jobs_skipped']}) | {paper[1]} | "
                     f"{k128['jobs']} ({k128['jobs_skipped']}) | {paper[2]} |")
    for machine in HEADLINE:
        for key, label in CRITERIA:
            lines = []
            for gang in ("120", "600", "3600"):
                means = {}
                for n in ("1", "2", "3", "10", "11"):
                    pts = series(machine, f"pfcfs x=40 n={n} Delta={gang} delta=60", key)
                    if pts:
                        means[f"n = {n}"] = sum(pts.values()) / len(pts)
                lines.append((f"Delta = {gang} s", means))
            chart(f"PFCFS mean change of {label} vs FCFS over the months, by n (x = 40%), {machine}",
                  [f"n = {n}" for n in ("1", "2", "3", "10", "11")], lines,
                  os.path.join(out, f"switches-mean-{key}-{machine.replace(':', '')}.svg"))
    settings = {}
    for (sweep, machine, month, setting, key, _, _, c) in rows:
        settings.setdefault((machine, sweep, setting), {}).setdefault(key, []).append(c)
    table.append("\nEvery setting: change vs FCFS in %, mean over the months [min, max]\n")
    table.append("| machine | sweep | setting | makespan | flow | weighted flow |")
    table.append("|---|---|---|---|---|---|")
    for (machine, sweep, setting), by_key in sorted(settings.items()):
        cells = [f"{sum(v) / len(v):+.1f} [{min(v):+.1f}, {max(v):+.1f}]" for v in (by_key[k] for k, _ in CRITERIA)]
        table.append(f"| {machine} | {sweep} | {setting} | " + " | ".join(cells) + " |")
    with open(os.path.join(out, "headline.md"), "w") as f:
        f.write("\n".join(table) + "\n")
    print(f"{len(rows)} changes over {len(months)} months written to {out}")


if __name__ == "__main__":
    main()
