#!/usr/bin/env python3
"""Textbook FCFS, EASY and conservative backfilling on a flat machine.

An independent reference implementation used to check bgctl's schedulers job
by job. It reads a Standard Workload Format (SWF) trace, schedules every
accepted job on a machine of N interchangeable nodes, and writes one CSV row
per scheduled job: job_id,submit_s,start_s,end_s,size (ascending job id).
Rejection counts and a short summary go to stderr.

The rules are spelled out in verify/README.md; each function below names the
rule it implements. Standard library only.
"""

import argparse
import bisect
import csv
import gzip
import heapq
import sys
from dataclasses import dataclass

REJECT_REASONS = ("submit_unknown", "size_not_positive", "runtime_unknown", "runtime_negative",
                  "larger_than_machine", "partial_execution")
SCHEDULERS = ("fcfs", "easy", "conservative")

# Event kinds; at equal times finishes sort before arrivals.
FINISH = 0
ARRIVAL = 1


@dataclass(slots=True)
class Job:
    id: int
    submit: int
    runtime: int        # actual run time (after --enforce-walltime)
    size: int           # nodes
    estimate: int       # what the scheduler plans with
    start: int = None
    end: int = None     # start + runtime (actual)


class TraceError(Exception):
    pass


# ---------------------------------------------------------------- reading

def parse_number(text):
    """SWF numbers are integers; field 6 may carry decimals ('142.00')."""
    try:
        return int(text)
    except ValueError:
        value = float(text)
        return int(value) if value.is_integer() else value


def open_trace(path):
    """Open a plain or gzip-compressed SWF file as text."""
    with open(path, "rb") as raw:
        magic = raw.read(2)
    if magic == b"\x1f\x8b":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, "r", encoding="utf-8", errors="replace")


def read_trace(path, nodes, first=None, exact_estimates=False, enforce_walltime=False):
    """Read job lines and split them into accepted jobs and rejection counts.

    Returns (jobs, rejected, job_lines) where rejected maps each reason in
    REJECT_REASONS to a count and job_lines is the number of job lines read.
    `first` limits the job lines read (rejected jobs count towards it).
    """
    jobs = []
    rejected = {reason: 0 for reason in REJECT_REASONS}
    job_lines = 0
    seen_ids = set()
    with open_trace(path) as stream:
        for line_number, line in enumerate(stream, start=1):
            stripped = line.strip()
            if not stripped or stripped.startswith(";"):
                continue
            if first is not None and job_lines >= first:
                break
            fields = stripped.split()
            if len(fields) != 18:
                raise TraceError(f"{path}:{line_number}: expected 18 fields, found {len(fields)}")
            try:
                values = [parse_number(field) for field in fields]
            except ValueError as error:
                raise TraceError(f"{path}:{line_number}: {error}") from None
            job_lines += 1

            job_id = values[0]              # field 1
            if values[10] in (2, 3, 4):     # field 11: one part of a checkpointed or swapped job (SWF);
                rejected["partial_execution"] += 1  # it repeats the number of the job's summary line,
                continue                    # which holds the whole job
            submit = values[1]              # field 2
            runtime = values[3]             # field 4
            allocated = values[4]           # field 5
            requested_procs = values[7]     # field 8
            requested_time = values[8]      # field 9
            size = allocated if allocated > 0 else requested_procs

            if job_id in seen_ids:
                raise TraceError(f"{path}:{line_number}: duplicate job id {job_id}")
            seen_ids.add(job_id)

            if submit == -1:                # -1: unknown (SWF)
                rejected["submit_unknown"] += 1
                continue
            if size <= 0:
                rejected["size_not_positive"] += 1
                continue
            if runtime == -1:
                rejected["runtime_unknown"] += 1
                continue
            if runtime < 0:
                rejected["runtime_negative"] += 1
                continue
            if size > nodes:
                rejected["larger_than_machine"] += 1
                continue

            if enforce_walltime and requested_time > 0:
                runtime = min(runtime, requested_time)
            if exact_estimates:
                estimate = runtime
            elif requested_time > 0:
                estimate = max(requested_time, runtime)
            else:
                estimate = runtime
            jobs.append(Job(job_id, submit, runtime, size, estimate))
    return jobs, rejected, job_lines


# ---------------------------------------------------------------- machine

class Simulation:
    """Event loop: finishes, then arrivals, then one scheduling pass per time."""

    def __init__(self, jobs, nodes, scheduling_pass):
        self.nodes = nodes
        self.free = nodes
        self.now = None
        self.queue = []          # waiting jobs in (submit, job id) order
        self.running = {}        # job id -> Job
        self.events = []         # heap of (time, kind, job id)
        self.by_id = {job.id: job for job in jobs}
        self.scheduling_pass = scheduling_pass
        for job in jobs:
            heapq.heappush(self.events, (job.submit, ARRIVAL, job.id))

    def start(self, job):
        """Start a waiting job now; it finishes at now + its actual run time."""
        if job.size > self.free:
            raise AssertionError(f"job {job.id} started at {self.now} with {job.size} nodes "
                                 f"but only {self.free} free")
        job.start = self.now
        job.end = self.now + job.runtime
        self.free -= job.size
        self.running[job.id] = job
        heapq.heappush(self.events, (job.end, FINISH, job.id))

    def _pop_events_at(self, time):
        """Pop and apply every event at `time`; the heap order is finishes
        first, then arrivals by job id."""
        events = self.events
        while events and events[0][0] == time:
            _, kind, job_id = heapq.heappop(events)
            job = self.by_id[job_id]
            if kind == FINISH:
                del self.running[job_id]
                self.free += job.size
            else:
                self.queue.append(job)

    def _run_pass(self):
        self.scheduling_pass(self)
        if any(job.start is not None for job in self.queue):
            self.queue = [job for job in self.queue if job.start is None]

    def run(self):
        while self.events:
            self.now = self.events[0][0]
            # All finishes at this time, then all arrivals, then one pass.
            # Arrivals are appended in (submit, job id) order, which is the
            # queue order, because the heap pops them in that order.
            self._pop_events_at(self.now)
            self._run_pass()
            # A job with run time 0 started in that pass finishes at this same
            # time: its finish is now at the top of the heap, so the next
            # round handles it (finishes only, then another pass) at the same
            # time, and so on until no such finish is left.
        if self.queue:
            raise AssertionError(f"{len(self.queue)} jobs never started")


# ---------------------------------------------------------------- schedulers

def fcfs_pass(sim):
    """FCFS: start queue-head jobs while they fit in the free nodes; stop at
    the first that does not. Returns the queue index of that blocked job
    (len(queue) if none)."""
    queue = sim.queue
    index = 0
    while index < len(queue) and queue[index].size <= sim.free:
        sim.start(queue[index])
        index += 1
    return index


def estimated_end(job, now):
    """Planned end of a running job; an end already in the past counts as now."""
    return max(job.start + job.estimate, now)


def shadow_and_extra(sim, head):
    """EASY reservation for the blocked head job.

    shadow: walk running jobs by (estimated end, job id), releasing each; the
    shadow time is the estimated end at which the free nodes first reach the
    head's size. extra: nodes free at the shadow time (all running jobs with
    estimated end <= shadow released) minus the head's size.
    """
    now = sim.now
    ends = sorted((estimated_end(job, now), job.id, job.size) for job in sim.running.values())
    free = sim.free
    shadow = None
    for end, _, size in ends:
        free += size
        if free >= head.size:
            shadow = end
            break
    if shadow is None:
        raise AssertionError(f"head job {head.id} ({head.size} nodes) can never fit")
    free_at_shadow = sim.free + sum(size for end, _, size in ends if end <= shadow)
    return shadow, free_at_shadow - head.size


def easy_pass(sim):
    """EASY: FCFS first; then, if the head is blocked, backfill later jobs in
    queue order. A job that fits in the free nodes starts now if it ends (by
    its estimate) by the shadow time, or if its size is at most the extra
    nodes; in the second case, when it does not end by the shadow time, it
    uses up that many extra nodes. Jobs that do not qualify are skipped."""
    queue = sim.queue
    blocked = fcfs_pass(sim)
    if blocked == len(queue):
        return
    shadow, extra = shadow_and_extra(sim, queue[blocked])
    for job in queue[blocked + 1:]:
        if job.size > sim.free:
            continue
        ends_by_shadow = sim.now + job.estimate <= shadow
        if ends_by_shadow or job.size <= extra:
            sim.start(job)
            if not ends_by_shadow:
                extra -= job.size


class Profile:
    """Free nodes over time from `now` on, as a step function.

    Segment i covers [times[i], times[i+1]) with free[i] free nodes; the last
    segment extends forever and always has every node free.
    """

    def __init__(self, now, nodes, free_now, running):
        self.times = [now]
        self.free = [free_now]
        for end, _, size in sorted((estimated_end(job, now), job.id, job.size)
                                   for job in running):
            if end == self.times[-1]:
                self.free[-1] += size
            else:
                self.times.append(end)
                self.free.append(self.free[-1] + size)
        if self.free[-1] != nodes:
            raise AssertionError("profile does not end with every node free")

    def earliest_fit(self, size, duration):
        """Earliest segment start t >= now such that `size` nodes are free over
        all of [t, t + duration). A duration of 0 needs `size` nodes free at t."""
        times, free = self.times, self.free
        count = len(times)
        i = 0
        while True:
            if free[i] < size:
                i += 1
                continue
            end = times[i] + duration
            j = i + 1
            while j < count and times[j] < end and free[j] >= size:
                j += 1
            if j == count or times[j] >= end:
                return times[i]
            i = j + 1       # segment j lacks nodes: no start up to it works

    def reserve(self, start, size, duration):
        """Take `size` nodes over [start, start + duration); start is a segment
        start. A duration of 0 takes nothing."""
        times, free = self.times, self.free
        first = bisect.bisect_left(times, start)
        end = start + duration
        last = bisect.bisect_left(times, end)
        if last == len(times) or times[last] != end:
            times.insert(last, end)
            free.insert(last, free[last - 1])
        for k in range(first, last):
            free[k] -= size


def conservative_pass(sim):
    """Conservative backfilling: rebuild every reservation in queue order.

    The profile starts from the running jobs' estimated ends; each waiting job
    in queue order gets the earliest time >= now at which it fits for its whole
    estimate, and that reservation is added to the profile. A job reserved at
    now starts now. (A job reserved at now that does not fit in the nodes
    actually free, because a run-time-0 job started earlier in this pass still
    holds them, keeps its reservation and starts in the next pass at this same
    time, after that job's finish.)
    """
    now = sim.now
    profile = Profile(now, sim.nodes, sim.free, sim.running.values())
    for job in sim.queue:
        start = profile.earliest_fit(job.size, job.estimate)
        profile.reserve(start, job.size, job.estimate)
        if start == now and job.size <= sim.free:
            sim.start(job)


PASSES = {"fcfs": fcfs_pass, "easy": easy_pass, "conservative": conservative_pass}


def schedule(jobs, nodes, scheduler):
    """Schedule `jobs` (sets start and end on each) and return them by job id."""
    sim = Simulation(jobs, nodes, PASSES[scheduler])
    sim.run()
    return sorted(jobs, key=lambda job: job.id)


# ---------------------------------------------------------------- checks

def check_schedule(jobs, nodes, scheduler):
    """Independent checks on a finished schedule; raises AssertionError.

    - every job started, not before its submit time, and ends at start + runtime;
    - with actual run times, the nodes in use over [start, end) never exceed
      `nodes` (run-time-0 jobs occupy no time here; each start in the
      simulation itself already asserts that the job fits in the free nodes);
    - FCFS only: start times never decrease in queue order.
    """
    for job in jobs:
        assert job.start is not None, f"job {job.id} never started"
        assert job.start >= job.submit, f"job {job.id} starts at {job.start} before its submit {job.submit}"
        assert job.end == job.start + job.runtime, f"job {job.id} end is not start + runtime"
    changes = []
    for job in jobs:
        if job.end > job.start:
            changes.append((job.start, 1, job.size))
            changes.append((job.end, 0, -job.size))   # ends before starts at equal times
    changes.sort()
    in_use = 0
    peak = 0
    for time, _, delta in changes:
        in_use += delta
        if in_use > nodes:
            raise AssertionError(f"{in_use} nodes in use at {time} on a {nodes}-node machine")
        peak = max(peak, in_use)
    assert in_use == 0
    if scheduler == "fcfs":
        previous = None
        for job in sorted(jobs, key=lambda job: (job.submit, job.id)):
            assert previous is None or job.start >= previous.start, \
                f"FCFS: job {job.id} starts before job {previous.id}, which is ahead of it"
            previous = job
    return peak


# ---------------------------------------------------------------- output

def write_csv(jobs, stream):
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(["job_id", "submit_s", "start_s", "end_s", "size"])
    for job in jobs:
        writer.writerow([job.id, job.submit, job.start, job.end, job.size])


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Textbook FCFS / EASY / conservative backfilling on a flat machine "
                    "(reference schedules for checking bgctl).")
    parser.add_argument("--trace", required=True, help="SWF trace, plain or .gz")
    parser.add_argument("--nodes", required=True, type=int, help="nodes in the flat machine")
    parser.add_argument("--scheduler", required=True, choices=SCHEDULERS)
    parser.add_argument("--first", type=int, metavar="N",
                        help="read only the first N job lines (rejected jobs included)")
    parser.add_argument("--exact-estimates", action="store_true",
                        help="estimate = actual run time")
    parser.add_argument("--enforce-walltime", action="store_true",
                        help="if field 9 > 0, run time = min(run time, field 9)")
    parser.add_argument("--check", action="store_true",
                        help="assert the schedule is sane (capacity, start >= submit, ...)")
    parser.add_argument("--out", metavar="FILE", help="write the CSV here instead of stdout")
    args = parser.parse_args(argv)
    if args.nodes <= 0:
        parser.error("--nodes must be positive")
    if args.first is not None and args.first < 0:
        parser.error("--first must not be negative")

    try:
        jobs, rejected, job_lines = read_trace(args.trace, args.nodes, args.first,
                                               args.exact_estimates, args.enforce_walltime)
    except (OSError, TraceError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    jobs = schedule(jobs, args.nodes, args.scheduler)

    if args.out:
        with open(args.out, "w", newline="") as stream:
            write_csv(jobs, stream)
    else:
        write_csv(jobs, sys.stdout)

    log = sys.stderr
    print(f"scheduler={args.scheduler} nodes={args.nodes} job_lines={job_lines} "
          f"scheduled={len(jobs)}", file=log)
    for reason in REJECT_REASONS:
        print(f"rejected {reason}={rejected[reason]}", file=log)
    if jobs:
        mean_wait = sum(job.start - job.submit for job in jobs) / len(jobs)
        print(f"mean_wait_s={mean_wait:.2f}", file=log)
    if args.check:
        peak = check_schedule(jobs, args.nodes, args.scheduler)
        print(f"check ok: peak_nodes_in_use={peak}", file=log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
