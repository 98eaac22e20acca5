#!/usr/bin/env python3
"""Recompute a run's summary.json metrics from its jobs.csv, independently of bgctl.

    python3 verify/metrics_check.py RUN_DIR [RUN_DIR ...]

Reads RUN_DIR/jobs.csv, RUN_DIR/summary.json (for the machine's node count `nodes`, the scheduler, the boot
delay, the migration cost and the communication gain) and, when present, RUN_DIR/faults.csv, and recomputes
every metric it can from the job rows alone, with the definitions of docs/semantics.md ("Metrics",
"How a run ends", "Outputs"), docs/faults.md ("Figures") and docs/krevat.md ("Counts"). It prints one line
per metric: its name, bgctl's value, the value recomputed here, and `ok`, `DIFFERS` or `skipped: why`.
Exit status 0 when every recomputed metric agrees, 1 when one differs, 2 when a run directory cannot be read.

Tolerance: integers (counts, makespan_s, the wait percentiles, sum_flow_s) must be equal. summary.json writes a
double rounded to 6 decimals, so a double agrees when |bgctl - here| <= 0.5e-6 + 1e-9 * |here|
(half a unit of the last decimal written, plus a relative 1e-9 for the order of floating-point sums).

What a job row holds (docs/semantics.md, "Outputs"): submit_s, start_s (when it began to run, after any boot),
end_s, wait_s, run_s = end - start (its run time plus migration costs, under pfcfs plus the time suspended; for a
job killed or cancelled the part it ran), estimate_s, requested_size (its own size) and size (the nodes it held),
status, migrations, job_class, estimate_class, partition, and with `--boot-model machine` boot_start_s (the start
decision). Finished jobs are the rows with an end_s. A job's own run time (from the workload) is
run_s - migrations * migration cost, or with `--estimate exact` its estimate_s (the estimate of the job as
submitted, also for a communication-intensive job that ran shortened on a block). From these:

    jobs.csv rows inconsistent   rows whose wait_s is not start - submit or whose run_s is not end - start, or,
                                 with `--estimate exact`, a job that ran its whole run whose own run from run_s
                                 is not its estimate: must be 0
    jobs                    finished rows
    jobs_submitted          rows
    jobs_never_started      rows of status never_started
    jobs_ended_killed       finished rows of status killed_at_walltime or killed_by_fault
    end.jobs_left_queued    rows of status never_started
    end.jobs_left_running   rows of status running
    makespan_s              T = last end - first submit
    mean/p50/p95/max wait   wait = start - submit; nearest rank: the ceil(p*n)-th smallest
    mean_response_s         response = end - submit
    sum_flow_s              sum of (end - submit)
    mean_bounded_slowdown   max(response, 10) / max(run, 10), run = run_s - migrations * migration cost (its
                            own run, or for a communication-intensive job on a contiguous block its shortened
                            run, as run_s is), under pfcfs the own run, for a job killed or cancelled run_s
    utilization             sum of requested_size * work / (T * N); work = the own run, 0 for killed_by_fault,
                            run_s for cancelled
    unused_capacity         integral of max(0, N - held(t) - queued(t)) dt / (T * N): held = size from the start
                            decision (boot_start_s, else start_s - boot delay) to end_s, queued =
                            requested_size from submit_s to the start decision; finished rows only
    lost_capacity           max(0, 1 - utilization - unused_capacity); 0 when T = 0
    sum_weighted_flow       sum of requested_size * own run * (end - submit)
    offered_load            sum of requested_size * own run / ((last submit - first submit) * N), every row
    jobs_migrated           sum of the migrations column (job moves)
    events                  rows + started rows + finished rows (submitted, started, finished events)
    faults.jobs_failed      finished rows of status killed_by_fault
    faults.failures, faults.repairs, faults.down_at_end
                            from faults.csv: `down` lines, `up` lines, components whose last line is `down`
    faults.kills, faults.jobs_ever_killed, faults.requeues, faults.node_hours_lost
                            0 when nothing failed (no faults.csv); with `--on-kill fail` (and no block boots,
                            whose failures requeue): the rows of status killed_by_fault, 0 requeues, and the sum
                            of size * run_s over those rows / 3600
    faults.span_s           first event to last: the earliest and latest of the submissions, start decisions,
                            ends and faults.csv's changes
    faults.availability, faults.component_availability.node (flat:N), .midplane (bgl, torus-bgl, bgl-slurm)
                            1 - sum of (nodes a down component takes * time down) / (N * span): a node takes 1, a
                            midplane 512, a switch or cable none; a component down at the end is down to the
                            last event. Per kind: 1 - its components' time down / (their count * span)
    job_classes.*           with --ci-fraction: per job class (ci, nci), and again within the well and badly
                            estimated jobs, jobs, mean_wait_s, mean_response_s, mean_bounded_slowdown and, on
                            buddy machines, contiguous_jobs (rows whose partition is a `buddy:` one)

Skipped, by name, because the outputs do not hold what they need:

- the own run time of a job, unless the run's estimates are exact, is not in jobs.csv when the job was killed by
  a fault or cancelled (run_s is the part it ran), when pfcfs suspended jobs (run_s also holds the time
  suspended), for a job that never started or still ran at the end (no run_s), or for a communication-intensive
  job with a gain that may have run on a contiguous block (run_s is then its shortened run). Then utilization and lost_capacity (pfcfs, a gain), mean_bounded_slowdown (pfcfs),
  sum_weighted_flow (any such job among the finished) and offered_load (any such job at all) are skipped;
- events, when anything but submissions, starts and finishes was journaled (migrations, context switches,
  faults, block boots, cancellations);
- job_classes.*.contiguous_jobs off buddy machines;
- faults.span_s and faults.availability with `--boot-model machine` (the last event may be a block freed after
  the last end), faults.availability on machines other than flat:N and the BG/L ones, and the availability of
  switches and cables (their counts are not in the outputs);
- everything that needs the trace, the fault or reservation file or the journal: jobs_read, jobs_skipped,
  migrations_total / _successful / _max_successful, preemptions*, faults.kills / jobs_ever_killed / requeues /
  node_hours_lost when killed jobs are requeued, the reservations block, end.reason and end.last_instant_s.

A job requeued after a kill appears once in jobs.csv, with its last run: its earlier runs are not there, so it
counts as queued with its requested size from its submission to its last start decision (as docs/semantics.md
says bgctl counts it).

Standard library only; shares no code with bgctl.
"""

import csv
import json
import math
import os
import sys
from fractions import Fraction

GAMMA = 10  # seconds, the bound of the bounded slowdown (docs/semantics.md)
INTEGER_KEYS = {"jobs", "jobs_submitted", "jobs_never_started", "jobs_ended_killed", "makespan_s", "p50_wait_s",
                "p95_wait_s", "max_wait_s", "sum_flow_s", "jobs_migrated", "events", "end.jobs_left_queued",
                "end.jobs_left_running", "faults.jobs_failed", "faults.failures", "faults.repairs",
                "faults.down_at_end", "faults.span_s", "faults.kills", "faults.jobs_ever_killed",
                "faults.requeues"} | {f"job_classes.{e}{c}.{k}" for e in ("", "well_estimated.", "badly_estimated.")
                                         for c in ("ci", "nci") for k in ("jobs", "contiguous_jobs")}


# jobs.csv's own rows, which must all hold: wait_s = start - submit, run_s = end - start, and with
# `--estimate exact` a job that ran its whole run ran its estimate (run_s less migration costs)
ROWS = "jobs.csv rows inconsistent"
INTEGER_KEYS.add(ROWS)


RUN_UNKNOWN = ("a run time it needs is not in jobs.csv: the own run of a job killed by a fault, cancelled, "
               "suspended by pfcfs or shortened on a block (unless estimates are exact)")


class RunError(Exception):
    pass


class Skip:
    """A metric that cannot be recomputed from the outputs, and why."""

    def __init__(self, why):
        self.why = why


def number(text):
    return int(text) if text not in ("", None) else None


def read_run(run_dir):
    try:
        with open(os.path.join(run_dir, "summary.json")) as f:
            summary = json.load(f)
        with open(os.path.join(run_dir, "jobs.csv"), newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, ValueError) as e:
        raise RunError(f"{run_dir}: {e}") from e
    faults = None
    path = os.path.join(run_dir, "faults.csv")
    if os.path.exists(path):
        with open(path, newline="") as f:
            faults = list(csv.DictReader(f))
    jobs = []
    for row in rows:
        job = {k: number(row[k]) for k in ("job_id", "submit_s", "start_s", "end_s", "wait_s", "run_s",
                                            "estimate_s", "requested_size", "size", "migrations")}
        job["status"] = row["status"]
        job["ci"] = row.get("job_class") == "ci"
        job["estimate_class"] = row.get("estimate_class")
        job["partition"] = row.get("partition") or ""
        job["boot_start_s"] = number(row.get("boot_start_s"))
        jobs.append(job)
    return summary, jobs, faults


def nearest_rank(sorted_values, percent):
    """The ceil(percent/100 * n)-th smallest value, at least the first (integer arithmetic, no rounding)."""
    rank = max(1, -(-percent * len(sorted_values) // 100))
    return sorted_values[rank - 1]


def recompute(summary, jobs, faults):
    """{metric: value or Skip} from the job rows and the machine size."""
    nodes = summary["nodes"]
    settings = summary.get("scheduler_settings") or {}
    boot_delay = settings.get("boot_delay_s", 0) or 0
    cost = settings.get("migration_cost_s", 0) or 0
    workload = summary.get("workload") or {}
    suspended = (summary.get("preemptions_jobs_suspended") or 0) > 0
    exact = workload.get("estimate_source") == "exact"
    classes = workload.get("job_classes") or {}
    gain = (classes.get("ci_gain") or 0) > 0
    finished = [j for j in jobs if j["end_s"] is not None]
    out = {}

    out["jobs"] = len(finished)
    out["jobs_submitted"] = len(jobs)
    out["jobs_never_started"] = sum(j["status"] == "never_started" for j in jobs)
    out["jobs_ended_killed"] = sum(j["status"] in ("killed_at_walltime", "killed_by_fault") for j in finished)
    out["end.jobs_left_queued"] = out["jobs_never_started"]
    out["end.jobs_left_running"] = sum(j["status"] == "running" for j in jobs)
    out["jobs_migrated"] = sum(j["migrations"] or 0 for j in jobs)
    out["faults.jobs_failed"] = sum(j["status"] == "killed_by_fault" for j in finished)

    def ended_early(j):
        return j["status"] in ("killed_by_fault", "cancelled")

    def shortened(j):
        """Whether the job may have run shortened by its gain: a communication-intensive job with a gain, on a
        contiguous block (on a buddy machine a `buddy:` partition; elsewhere any but a `list:` one)."""
        return j["ci"] and gain and not j["partition"].startswith("list:")

    def own_run(j):
        """The job's own run time (from the workload), or None when jobs.csv does not hold it: run_s less its
        migration costs, or with `--estimate exact` its estimate (the run time, also of a job that never started,
        ended early or was suspended)."""
        if exact and j["estimate_s"] is not None:
            return j["estimate_s"]
        if shortened(j):
            return None
        if j["run_s"] is None or ended_early(j) or suspended:
            return None
        return j["run_s"] - j["migrations"] * cost

    def slowdown_run(j):
        """The run bounded slowdown divides by: its actual run time, or the part it ran."""
        if ended_early(j):
            return j["run_s"] if j["migrations"] == 0 or cost == 0 else None
        if suspended:
            return own_run(j)
        return j["run_s"] - j["migrations"] * cost

    def work(j):
        """The seconds of its own run a finished job counts in the utilization."""
        if j["status"] == "killed_by_fault":
            return 0
        if j["status"] == "cancelled":
            return j["run_s"] if j["migrations"] == 0 or cost == 0 else None
        return own_run(j)

    out[ROWS] = sum(
        (j["start_s"] is not None and j["wait_s"] != j["start_s"] - j["submit_s"])
        or (j["end_s"] is not None and j["run_s"] != j["end_s"] - j["start_s"])
        or (exact and j["end_s"] is not None and not ended_early(j) and not suspended and not shortened(j)
            and j["run_s"] - j["migrations"] * cost != j["estimate_s"])
        for j in jobs)
    n = len(finished)
    if n == 0:
        for key in ("makespan_s", "p50_wait_s", "p95_wait_s", "max_wait_s", "sum_flow_s"):
            out[key] = 0
        for key in ("mean_wait_s", "mean_response_s", "mean_bounded_slowdown", "utilization", "unused_capacity",
                    "lost_capacity", "sum_weighted_flow"):
            out[key] = 0.0
    else:
        first_submit = min(j["submit_s"] for j in finished)
        last_end = max(j["end_s"] for j in finished)
        span = last_end - first_submit
        capacity = span * nodes
        waits = sorted(j["start_s"] - j["submit_s"] for j in finished)
        flows = [j["end_s"] - j["submit_s"] for j in finished]
        out["makespan_s"] = span
        out["mean_wait_s"] = float(Fraction(sum(waits), n))
        out["p50_wait_s"] = nearest_rank(waits, 50)
        out["p95_wait_s"] = nearest_rank(waits, 95)
        out["max_wait_s"] = waits[-1]
        out["mean_response_s"] = float(Fraction(sum(flows), n))
        out["sum_flow_s"] = sum(flows)

        runs = [slowdown_run(j) for j in finished]
        if any(r is None for r in runs):
            out["mean_bounded_slowdown"] = Skip(RUN_UNKNOWN)
        else:
            total = sum(Fraction(max(f, GAMMA), max(r, GAMMA)) for f, r in zip(flows, runs))
            out["mean_bounded_slowdown"] = float(total / n)

        works = [work(j) for j in finished]
        if any(w is None for w in works):
            out["utilization"] = Skip(RUN_UNKNOWN)
        else:
            used = sum(j["requested_size"] * w for j, w in zip(finished, works))
            out["utilization"] = float(Fraction(used, capacity)) if capacity > 0 else 0.0

        out["unused_capacity"] = float(Fraction(unused_node_seconds(finished, nodes, boot_delay), capacity)) \
            if capacity > 0 else 0.0
        if isinstance(out["utilization"], Skip):
            out["lost_capacity"] = Skip("needs the utilization")
        else:
            out["lost_capacity"] = max(0.0, 1 - out["utilization"] - out["unused_capacity"]) if capacity > 0 \
                else 0.0

        owns = [own_run(j) for j in finished]
        if any(o is None for o in owns):
            out["sum_weighted_flow"] = Skip(RUN_UNKNOWN)
        else:
            out["sum_weighted_flow"] = float(sum(j["requested_size"] * o * f
                                                 for j, o, f in zip(finished, owns, flows)))

    all_owns = [own_run(j) for j in jobs]
    submits = [j["submit_s"] for j in jobs]
    if not jobs or any(o is None for o in all_owns):
        out["offered_load"] = Skip(RUN_UNKNOWN + ", or of a job that did not finish")
    elif max(submits) == min(submits):
        out["offered_load"] = None
    else:
        offered = sum(j["requested_size"] * o for j, o in zip(jobs, all_owns))
        out["offered_load"] = float(Fraction(offered, (max(submits) - min(submits)) * nodes))

    plain = (summary.get("migrations_total", 0) == 0 and (summary.get("preemptions_context_switches") or 0) == 0
             and not faults and "blocks" not in summary
             and not any(j["status"] == "cancelled" for j in jobs))
    if plain:
        out["events"] = len(jobs) + sum(j["start_s"] is not None for j in jobs) + n
    else:
        out["events"] = Skip("migrations, context switches, faults, boots or cancellations were journaled too")

    if classes.get("ci_fraction"):
        out.update(job_class_figures(finished, slowdown_run, summary.get("machine", "").startswith("buddy:")))

    if "faults" in summary:
        out.update(availability(summary, jobs, faults or [], boot_delay))
        killed = [j for j in finished if j["status"] == "killed_by_fault"]
        if not faults and "blocks" not in summary:
            # nothing failed (no faults.csv), so nothing was killed
            for key in ("faults.kills", "faults.jobs_ever_killed", "faults.requeues"):
                out[key] = 0
            out["faults.node_hours_lost"] = 0.0
        elif summary["faults"].get("on_kill") == "fail" and "blocks" not in summary:
            # every kill fails its job, so each is a row of its own
            out["faults.kills"] = out["faults.jobs_ever_killed"] = len(killed)
            out["faults.requeues"] = 0
            out["faults.node_hours_lost"] = float(Fraction(sum(j["size"] * j["run_s"] for j in killed), 3600))
        else:
            why = "a requeued job's kills before its last run are not in jobs.csv"
            for key in ("faults.kills", "faults.jobs_ever_killed", "faults.requeues", "faults.node_hours_lost"):
                out[key] = Skip(why)

    if faults is not None:
        out["faults.failures"] = sum(f["change"] == "down" for f in faults)
        out["faults.repairs"] = sum(f["change"] == "up" for f in faults)
        last = {}
        for f in faults:
            last[f["component"]] = f["change"]
        out["faults.down_at_end"] = sum(change == "down" for change in last.values())
    return out


def job_class_figures(finished, slowdown_run, buddy):
    """summary.json's job_classes: per job class, and per class within the well and badly estimated jobs."""
    out = {}
    for prefix, estimate in (("job_classes", None), ("job_classes.well_estimated", "well"),
                             ("job_classes.badly_estimated", "badly")):
        for job_class in ("ci", "nci"):
            group = [j for j in finished if j["ci"] == (job_class == "ci")
                     and (estimate is None or j["estimate_class"] == estimate)]
            key = f"{prefix}.{job_class}."
            n = len(group)
            out[key + "jobs"] = n
            out[key + "contiguous_jobs"] = sum(j["partition"].startswith("buddy:") for j in group) if buddy \
                else Skip("which jobs ran on one contiguous block shows in jobs.csv on buddy machines only")
            out[key + "mean_wait_s"] = float(Fraction(sum(j["start_s"] - j["submit_s"] for j in group), n)) \
                if n else 0.0
            out[key + "mean_response_s"] = float(Fraction(sum(j["end_s"] - j["submit_s"] for j in group), n)) \
                if n else 0.0
            runs = [slowdown_run(j) for j in group]
            if any(r is None for r in runs):
                out[key + "mean_bounded_slowdown"] = Skip(RUN_UNKNOWN)
            else:
                out[key + "mean_bounded_slowdown"] = float(sum(
                    Fraction(max(j["end_s"] - j["submit_s"], GAMMA), max(r, GAMMA)) for j, r in zip(group, runs))
                    / n) if n else 0.0
    return out


# the nodes a component takes down, by its name's prefix, and the kind summary.json names it by; on the machines
# whose components are known here: flat:N (nodes) and the BG/L machines of 512-node midplanes, whose switches and
# cables take no nodes (docs/faults.md, "Components")
FLAT_PARTS = {"node-": (1, "node")}
BGL_PARTS = {"mp-": (512, "midplane"), "sw-": (0, "switch"), "cable-": (0, "cable")}


def availability(summary, jobs, faults, boot_delay):
    """faults.span_s (first event to last), faults.availability and, per kind whose count is known, the
    component-time up: from the job rows and faults.csv's changes."""
    out = {}
    if "blocks" in summary:
        why = "the run's last event may be a block freed after the last job's end, which jobs.csv does not show"
        return {"faults.span_s": Skip(why), "faults.availability": Skip(why)}
    times = [int(f["time_s"]) for f in faults]
    for j in jobs:
        times.append(j["submit_s"])
        if j["start_s"] is not None:
            times.append(j["boot_start_s"] if j["boot_start_s"] is not None else j["start_s"] - boot_delay)
        if j["end_s"] is not None:
            times.append(j["end_s"])
    if not times:
        return out
    first, last = min(times), max(times)
    span = last - first
    out["faults.span_s"] = span
    machine, nodes = summary.get("machine", ""), summary["nodes"]
    parts = FLAT_PARTS if machine.startswith("flat:") else BGL_PARTS if machine in ("bgl", "torus-bgl", "bgl-slurm") \
        else None
    if parts is None:
        out["faults.availability"] = Skip(f"which nodes a component of {machine} takes is not known here")
        return out
    down_since, down_seconds = {}, {}
    for f in faults:
        t, component = int(f["time_s"]), f["component"]
        if f["change"] == "down":
            down_since.setdefault(component, t)
        elif component in down_since:
            down_seconds[component] = down_seconds.get(component, 0) + t - down_since.pop(component)
    for component, t in down_since.items():
        down_seconds[component] = down_seconds.get(component, 0) + last - t
    by_kind = {}
    lost = 0
    for component, seconds in down_seconds.items():
        prefix = next((p for p in parts if component.startswith(p)), None)
        if prefix is None:
            out["faults.availability"] = Skip(f"component {component} is not known here")
            return out
        taken, kind = parts[prefix]
        lost += taken * seconds
        by_kind[kind] = by_kind.get(kind, 0) + seconds
    out["faults.availability"] = 1 - lost / (nodes * span) if span > 0 else 1.0
    counts = {"node": nodes} if parts is FLAT_PARTS else {"midplane": nodes // 512}
    for kind, count in counts.items():
        out[f"faults.component_availability.{kind}"] = 1 - by_kind.get(kind, 0) / (count * span) if span > 0 \
            else 1.0
    return out


def unused_node_seconds(finished, nodes, boot_delay):
    """Integral of max(0, N - held(t) - queued(t)) over the run, in node-seconds, as an exact integer."""
    changes = {}

    def add(t, delta):
        changes[t] = changes.get(t, 0) + delta

    for j in finished:
        decided = j["boot_start_s"] if j["boot_start_s"] is not None else j["start_s"] - boot_delay
        add(j["submit_s"], j["requested_size"])      # queued from its submission
        add(decided, j["size"] - j["requested_size"])  # held from its start decision
        add(j["end_s"], -j["size"])                    # free again at its end
    total, demand, previous = 0, 0, None
    for t in sorted(changes):
        if previous is not None:
            total += max(0, nodes - demand) * (t - previous)
        demand += changes[t]
        previous = t
    return total


def bgctl_value(summary, key):
    if key == ROWS:
        return 0
    value = summary
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return Skip("not in summary.json")
        value = value[part]
    return value


def agrees(key, ours, theirs):
    if ours is None or theirs is None:
        return ours is None and theirs is None
    if key in INTEGER_KEYS:
        return ours == theirs
    return abs(float(theirs) - ours) <= 0.5e-6 + 1e-9 * abs(ours)


def check(run_dir, out=sys.stdout):
    """Print the comparison of one run directory; return the number of metrics that differ."""
    summary, jobs, faults = read_run(run_dir)
    recomputed = recompute(summary, jobs, faults)
    differ = 0
    print(f"{run_dir}: {len(jobs)} jobs, {summary.get('machine')} ({summary['nodes']} nodes), "
          f"{summary.get('scheduler')}", file=out)
    for key, ours in recomputed.items():
        theirs = bgctl_value(summary, key)
        if isinstance(theirs, Skip) and isinstance(ours, Skip):
            continue
        if isinstance(ours, Skip):
            print(f"  {key:44} {theirs!s:>20} {'':>20}  skipped: {ours.why}", file=out)
            continue
        if isinstance(theirs, Skip):
            print(f"  {key:44} {'':>20} {ours!s:>20}  skipped: {theirs.why}", file=out)
            continue
        ok = agrees(key, ours, theirs)
        differ += not ok
        shown = ours if ours is None or key in INTEGER_KEYS else f"{ours:.9g}"
        print(f"  {key:44} {theirs!s:>20} {shown!s:>20}  {'ok' if ok else 'DIFFERS'}", file=out)
    return differ


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.split("\n\n")[0] + "\n\n" + __doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    differ = 0
    for run_dir in argv[1:]:
        try:
            differ += check(run_dir)
        except (RunError, KeyError) as e:
            print(f"metrics_check: {run_dir}: cannot read the run: {e}", file=sys.stderr)
            return 2
    print(f"metrics_check: {differ} metric(s) differ" if differ else "metrics_check: every recomputed metric agrees")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
