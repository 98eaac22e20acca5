"""Checks that the results stated in docs/ still come out of the current code.

Each check names a number in a document (a table cell or a phrase), the replays that produce it and
how the number follows from their summary.json. `verify/docs-results` runs every check and fails
when a replay no longer gives the documented number at the precision the document states it with.

The checks are cheap points of each results table (one replay or two, the direct executor, the
in-memory journal); the full tables come from the sweeps and scripts named next to them in docs/.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Dict, List, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAR = os.path.join(ROOT, "cli", "target", "bgctl.jar")
# ./bgctl, as a user runs a replay: the jar with its class-data sharing archive and C1 only, which for these
# replays of seconds costs less than the C2 compiler's work
LAUNCHER = os.path.join(ROOT, "bgctl")
TRACES = os.environ.get("BGCTL_TRACES", os.path.join(ROOT, "..", "shared", "traces"))

CTC = "CTC-SP2-1996-3.1-cln.swf"
SDSC = "SDSC-SP2-1998-4.2-cln.swf"
NASA = "NASA-iPSC-1993-3.1-cln.swf"

NUMBER = re.compile(r"[-+]?[0-9][0-9,]*(?:\.[0-9]+)?")


@dataclass(frozen=True)
class Replay:
    """One `bgctl replay` (direct executor, in-memory journal) of a trace in ../shared/traces."""
    trace: str
    args: Tuple[str, ...]

    def command(self, out: str) -> List[str]:
        return [LAUNCHER, "replay", "--trace", os.path.join(TRACES, self.trace),
                *self.args, "--executor", "direct", "--journal", "memory", "--quiet", "--out", out]


@dataclass(frozen=True)
class Check:
    """A documented number: where it stands, and how the replays' summaries give it."""
    doc: str                      # path from the repository root
    where: str                    # a regex over one line of the document; group 1 is the number
    replays: Tuple[Replay, ...]
    value: Callable[[List[dict]], float]
    percent: bool = False         # the document states value x 100 (e.g. 61.7 for 0.617)
    section: str = ""             # when given, `where` is looked for only after the first line that starts so

    def documented(self, text: str) -> str:
        """The number as the document states it, e.g. '0.485', '19,318' or '-16.0'."""
        lines = text.splitlines()
        if self.section:
            starts = [i for i, line in enumerate(lines) if line.startswith(self.section)]
            if not starts:
                raise LookupError(f"{self.doc}: no line starts with {self.section!r}")
            lines = lines[starts[0] + 1:]
        for line in lines:
            m = re.search(self.where, line)
            if m:
                n = NUMBER.search(m.group(1))
                if n:
                    return n.group(0)
        raise LookupError(f"{self.doc}: no line matches {self.where!r}")

    def agrees(self, documented: str, actual: float) -> Tuple[bool, str]:
        """Whether `actual` rounds to `documented` at its precision; and the actual value so written."""
        decimals = len(documented.split(".")[1]) if "." in documented else 0
        shown = actual * 100 if self.percent else actual
        written = f"{shown:.{decimals}f}"
        stated = documented.replace(",", "")
        return float(written) == float(stated), written


def key(name: str, i: int = 0) -> Callable[[List[dict]], float]:
    """summary.json's `name` (a dotted path) of replay i."""
    def get(summaries: List[dict]) -> float:
        v = summaries[i]
        for part in name.split("."):
            v = v[part]
        return float(v)
    return get


def change(name: str) -> Callable[[List[dict]], float]:
    """The change of `name` from replay 0 to replay 1, in percent of replay 0's."""
    def get(summaries: List[dict]) -> float:
        base, other = float(summaries[0][name]), float(summaries[1][name])
        return (other - base) / base * 100
    return get


def cell(label: str, column: int) -> str:
    """The regex of a Markdown table row whose first cell is `label`; group 1 is cell `column` (the label is 0)."""
    cells = r"\|[^|]*" * (column - 1)
    return r"^\|\s*" + re.escape(label) + r"\s*" + cells + r"\|\s*([^|]+?)\s*\|"


SDSC_5000_BGL = Replay(SDSC, ("--first", "5000", "--machine", "bgl", "--sizes-in", "units"))
SDSC_5000_FLAT = Replay(SDSC, ("--first", "5000", "--machine", "flat:128"))


def krevat(scheduler: str, c: str, trace: str = SDSC) -> Replay:
    return Replay(trace, ("--first-kept", "10000", "--runtime-coefficient", c, "--machine", "supernode:4x4x8/1",
                          "--scheduler", scheduler, "--boot-delay", "1"))


def aridor_ctc(machine: str, fat: str = "1") -> Replay:
    """Aridor's CTC / 4, every job a torus, offered load 1.0: fat shapes (Figure 7(b)) or, with fat="0", slim (7(a))."""
    return Replay(CTC, ("--machine", machine, "--size-divide", "4", "--sizes-in", "units", "--shapes", "slim",
                        "--fat-probability", fat, "--torus-probability", "1", "--offered-load", "1.0"))


FIG_7A_CTC = "### Figure 7(a), CTC"
FIG_7A_CTC_WHOLE = "### Figure 7(a), CTC SP2 / 4, whole switches"


def layouts(trace: str, machine: str) -> Replay:
    """docs/layouts.md's sweeps at offered load 1.0: sizes in midplanes (CTC / 4), free shapes, half tori, EASY."""
    divide = ("--size-divide", "4") if trace == CTC else ()
    return Replay(trace, ("--machine", machine, *divide, "--sizes-in", "units", "--shapes", "free",
                          "--torus-probability", "0.5", "--offered-load", "1.0"))


LAYOUT_STATIC = "bgl,layout=static:" + os.path.join(ROOT, "config", "layouts", "bgl-static.conf")
LAYOUT_OVERLAP = "bgl,layout=overlap:" + os.path.join(ROOT, "config", "layouts", "bgl-overlap.conf")


def buddy(scheduler: str, gain: str) -> Replay:
    return Replay(CTC, ("--to", "2592000", "--machine", "buddy:430", "--scheduler", scheduler, "--ci-fraction",
                        "0.15", "--ci-gain", gain, "--estimate", "exact", "--seed", "1"))


def maintenance(scheduler: str) -> Replay:
    return Replay(SDSC, ("--first", "5000", "--machine", "flat:128", "--scheduler", scheduler, "--reservations",
                         os.path.join(ROOT, "experiments", "reservations", "sdsc-maint.txt")))


def boots(*options: str) -> Replay:
    """The SDSC excerpt of docs/faults.md on bgl with the boot options of a row of docs/blocks.md's results."""
    return Replay(SDSC, SDSC_5000_BGL.args + options)


# docs/blocks.md's resumed replay: CTC's first 8000 jobs on bgl with failing boots and reused blocks.
CTC_8000_REUSE = Replay(CTC, ("--first", "8000", "--machine", "bgl", "--size-divide", "4", "--sizes-in", "units",
                              "--boot-model", "machine", "--boot-failure", "0.01", "--reuse-blocks"))


def gang_month(scheduler: str) -> Replay:
    return Replay(CTC, ("--month", "1996-07", "--machine", "flat:128", "--scheduler", scheduler))


def faults(base: Replay, *options: str) -> Replay:
    """A row of docs/faults.md's example runs: the SDSC excerpt on bgl or flat:128 with the row's fault options."""
    return Replay(SDSC, base.args + options)


SDSC_5000_BGL_FAULT_FILE = faults(SDSC_5000_BGL, "--faults", os.path.join(ROOT, "config", "faults", "bgl-example.faults"))
SDSC_5000_FLAT_NODE_FAULTS = faults(SDSC_5000_FLAT, "--fault-node", "exponential(8640000)/exponential(7200)",
                                    "--seed", "7")


def flat_load(scheduler: str) -> Replay:
    """A run of docs/experiments.md's flat-load sweep at c = 1.0: SDSC's first 10,000 job lines on flat:128."""
    return Replay(SDSC, ("--first", "10000", "--machine", "flat:128", "--scheduler", scheduler,
                         "--runtime-coefficient", "1.0"))


CHECKS: List[Check] = [
    Check("docs/faults.md", cell("flat:128, no faults", 1), (SDSC_5000_FLAT,), key("utilization")),
    Check("docs/faults.md", cell("flat:128, no faults", 2), (SDSC_5000_FLAT,), key("mean_wait_s")),
    Check("docs/faults.md", cell("bgl, no faults", 2), (SDSC_5000_BGL,), key("mean_wait_s")),
    Check("docs/faults.md", cell("bgl, no faults", 3), (SDSC_5000_BGL,), key("mean_bounded_slowdown")),
    Check("docs/krevat.md", cell("Backfill", 1), (krevat("krevat-backfill", "1.0"),), key("utilization")),
    Check("docs/krevat.md", cell("Migration", 2), (krevat("krevat-migration", "1.0"),), key("lost_capacity")),
    Check("docs/krevat.md", r"^\| SDSC \| FCFS \(torus\) \|[^|]*\|[^|]*\|\s*([^|]+?)\s*\|",
          (krevat("krevat-fcfs", "0.85"),), key("utilization"), percent=True),
    Check("docs/aridor.md", cell("1.0", 1), (aridor_ctc("bgl"),), key("utilization")),
    Check("docs/aridor.md", cell("1.0", 2), (aridor_ctc("torus-bgl"),), key("utilization")),
    Check("docs/aridor.md", cell("1.0", 1), (aridor_ctc("bgl", "0"),), key("utilization"), section=FIG_7A_CTC),
    Check("docs/aridor.md", cell("1.0", 2), (aridor_ctc("torus-bgl", "0"),), key("utilization"), section=FIG_7A_CTC),
    Check("docs/aridor.md", cell("1.0", 1), (aridor_ctc("bgl,switch=whole", "0"),), key("utilization"),
          section=FIG_7A_CTC_WHOLE),
    Check("README.md", r"CTC, all tori: ([0-9.]+) on `bgl`", (aridor_ctc("bgl"),), key("utilization")),
    Check("README.md", r"on `bgl` against ([0-9.]+) on", (aridor_ctc("torus-bgl"),),
          key("utilization")),
    Check("README.md", r"slim shapes at full load: ([0-9.]+) on `bgl`", (aridor_ctc("bgl", "0"),), key("utilization")),
    Check("README.md", r"([0-9.]+) with one partition per switch", (aridor_ctc("bgl,switch=whole", "0"),),
          key("utilization")),
    Check("docs/buddy.md", r"^\| 30% \| [0-9.]+ / ([0-9.]+) \|", (buddy("buddy", "0.3"),),
          key("job_classes.ci.mean_bounded_slowdown")),
    Check("docs/gang.md", r"^\| 1996-07 \| (-[0-9.]+) \|", (gang_month("fcfs"), gang_month("pfcfs")),
          change("makespan_s")),
    Check("docs/gang.md", r"^\| 1996-07 \|" + r" -[0-9.]+ \|" * 3 + r" (-[0-9.]+) \|",
          (gang_month("fcfs"), gang_month("easy")), change("makespan_s")),
    Check("docs/layouts.md", cell("1.0", 3), (layouts(CTC, LAYOUT_STATIC),), key("utilization"), section="### CTC"),
    Check("docs/layouts.md", cell("1.0", 1), (layouts(SDSC, "bgl"),), key("utilization"), section="### SDSC"),
    Check("docs/layouts.md", cell("1.0", 3), (layouts(SDSC, LAYOUT_STATIC),), key("utilization"), section="### SDSC"),
    Check("docs/layouts.md", cell("1.0", 5), (layouts(SDSC, LAYOUT_OVERLAP),), key("utilization"), section="### SDSC"),
    Check("docs/semantics.md", cell("easy", 3), (maintenance("easy"),), key("reservations.wait_caused_s")),
    Check("docs/blocks.md", cell("no boot model", 1), (SDSC_5000_BGL,), key("mean_wait_s")),
    Check("docs/blocks.md", cell("`--boot-model machine`", 1), (boots("--boot-model", "machine"),),
          key("mean_wait_s")),
    Check("docs/blocks.md", cell("`--boot-model machine`", 4), (boots("--boot-model", "machine"),),
          key("blocks.boot_s")),
    Check("docs/blocks.md", cell("`--boot-model machine --boot-failure 0.001`", 1),
          (boots("--boot-model", "machine", "--boot-failure", "0.001"),), key("mean_wait_s")),
    Check("docs/blocks.md", cell("`--boot-model machine --boot-failure 0.001`", 5),
          (boots("--boot-model", "machine", "--boot-failure", "0.001"),), key("blocks.boot_failures")),
    Check("docs/blocks.md", cell("`--boot-model machine --reuse-blocks`", 1),
          (boots("--boot-model", "machine", "--reuse-blocks"),), key("mean_wait_s")),
    Check("docs/blocks.md", cell("`--boot-model machine --reuse-blocks`", 4),
          (boots("--boot-model", "machine", "--reuse-blocks"),), key("blocks.boot_s")),
    Check("docs/blocks.md", cell("`--boot-model machine --reuse-blocks`", 6),
          (boots("--boot-model", "machine", "--reuse-blocks"),), key("blocks.reuses")),
    Check("docs/blocks.md", cell("`--boot-model machine`", 6), (boots("--boot-model", "machine"),),
          key("blocks.reuses")),
    Check("docs/semantics.md", cell("conservative", 4), (maintenance("conservative"),),
          key("reservations.jobs_delayed")),
    Check("docs/semantics.md", cell("fcfs", 3), (maintenance("fcfs"),), key("reservations.wait_caused_s")),
    Check("docs/semantics.md", cell("fcfs", 4), (maintenance("fcfs"),), key("reservations.jobs_delayed")),
    Check("docs/semantics.md", cell("easy", 4), (maintenance("easy"),), key("reservations.jobs_delayed")),
    Check("docs/semantics.md", cell("conservative", 3), (maintenance("conservative"),),
          key("reservations.wait_caused_s")),
    Check("docs/faults.md", cell("bgl, no faults", 1), (SDSC_5000_BGL,), key("utilization")),
    Check("docs/faults.md", cell("bgl, no faults", 4), (SDSC_5000_BGL,), key("makespan_s")),
    Check("docs/faults.md", cell("flat:128, no faults", 3), (SDSC_5000_FLAT,), key("mean_bounded_slowdown")),
    Check("docs/faults.md", cell("flat:128, no faults", 4), (SDSC_5000_FLAT,), key("makespan_s")),
    Check("docs/faults.md", cell("bgl, `bgl-example.faults`", 2), (SDSC_5000_BGL_FAULT_FILE,), key("mean_wait_s")),
    Check("docs/faults.md", cell("bgl, `bgl-example.faults`", 6), (SDSC_5000_BGL_FAULT_FILE,), key("faults.kills")),
    Check("docs/faults.md", cell("bgl, `bgl-example.faults`", 10), (SDSC_5000_BGL_FAULT_FILE,),
          key("faults.node_hours_lost")),
    Check("docs/faults.md", cell("flat:128, nodes, requeue", 2), (SDSC_5000_FLAT_NODE_FAULTS,), key("mean_wait_s")),
    Check("docs/faults.md", cell("flat:128, nodes, requeue", 5), (SDSC_5000_FLAT_NODE_FAULTS,), key("faults.failures")),
    Check("docs/faults.md", cell("flat:128, nodes, requeue", 6), (SDSC_5000_FLAT_NODE_FAULTS,), key("faults.kills")),
    Check("docs/faults.md", cell("flat:128, nodes, requeue", 10), (SDSC_5000_FLAT_NODE_FAULTS,),
          key("faults.node_hours_lost")),
    Check("docs/blocks.md", cell("no boot model", 2), (SDSC_5000_BGL,), key("mean_bounded_slowdown")),
    Check("docs/blocks.md", cell("`--boot-model machine`", 2), (boots("--boot-model", "machine"),),
          key("mean_bounded_slowdown")),
    Check("docs/blocks.md", cell("`--boot-model machine`", 3), (boots("--boot-model", "machine"),), key("blocks.boots")),
    Check("docs/blocks.md", cell("`--boot-model machine --boot-failure 0.001`", 3),
          (boots("--boot-model", "machine", "--boot-failure", "0.001"),), key("blocks.boots")),
    Check("docs/blocks.md", cell("`--boot-model machine --reuse-blocks`", 3),
          (boots("--boot-model", "machine", "--reuse-blocks"),), key("blocks.boots")),
    Check("docs/krevat.md", cell("Backfill", 2), (krevat("krevat-backfill", "1.0"),), key("lost_capacity")),
    Check("docs/krevat.md", cell("Migration", 1), (krevat("krevat-migration", "1.0"),), key("utilization")),
    Check("docs/gang.md", r"^\| 1996-07 \| -[0-9.]+ \| (-[0-9.]+) \|", (gang_month("fcfs"), gang_month("pfcfs")),
          change("sum_flow_s")),
    Check("docs/gang.md", r"^\| 1996-07 \|" + r" -[0-9.]+ \|" * 2 + r" (-[0-9.]+) \|",
          (gang_month("fcfs"), gang_month("pfcfs")), change("sum_weighted_flow")),
    Check("docs/gang.md", r"^\| 1996-07 \|" + r" -[0-9.]+ \|" * 4 + r" (-[0-9.]+) \|",
          (gang_month("fcfs"), gang_month("easy")), change("sum_flow_s")),
    Check("docs/gang.md", r"^\| 1996-07 \|" + r" -[0-9.]+ \|" * 5 + r" (-[0-9.]+) \|",
          (gang_month("fcfs"), gang_month("easy")), change("sum_weighted_flow")),
    Check("docs/krevat.md", r"utilization ([0-9.]+) whatever the scheduler", (krevat("krevat-fcfs", "1.0", NASA),),
          key("utilization")),
    Check("docs/blocks.md", r"the run reuses ([0-9]+) blocks", (CTC_8000_REUSE,), key("blocks.reuses")),
    Check("docs/blocks.md", r"blocks and boots ([0-9]+)\)", (CTC_8000_REUSE,), key("blocks.boots")),
    Check("docs/experiments.md", r"mean wait ([0-9,]+) s with EASY", (flat_load("easy"),), key("mean_wait_s")),
    Check("docs/experiments.md", r"and ([0-9,]+) s with conservative backfilling", (flat_load("conservative"),),
          key("mean_wait_s")),
    Check("docs/experiments.md", r"against ([0-9,]+) s with FCFS", (flat_load("fcfs"),), key("mean_wait_s")),
    Check("docs/experiments.md", r"is ([0-9.]+) with FCFS at c = 1\.0", (flat_load("fcfs"),), key("lost_capacity")),
    Check("docs/experiments.md", r"against ([0-9.]+) with EASY \(", (flat_load("easy"),), key("lost_capacity")),
]


def run_replay(replay: Replay) -> dict:
    with tempfile.TemporaryDirectory(prefix="bgctl-docs-results-") as tmp:
        out = os.path.join(tmp, "run")
        done = subprocess.run(replay.command(out), capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"replay failed ({done.returncode}): {' '.join(replay.args)}\n{done.stderr[-2000:]}")
        with open(os.path.join(out, "summary.json")) as f:
            return json.load(f)


def summaries(checks: List[Check], workers: int = 2) -> Dict[Replay, dict]:
    """Every replay the checks need, run once each."""
    needed = sorted({r for c in checks for r in c.replays}, key=lambda r: (r.trace, r.args))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip(needed, pool.map(run_replay, needed)))


def verify(checks: List[Check], runs: Dict[Replay, dict], read=lambda doc: open(os.path.join(ROOT, doc)).read()
           ) -> List[str]:
    """One line per check that fails, naming the document, the number stated and the number the code gives."""
    failures = []
    for c in checks:
        stated = c.documented(read(c.doc))
        ok, actual = c.agrees(stated, c.value([runs[r] for r in c.replays]))
        if not ok:
            failures.append(f"{c.doc}: states {stated} where the code now gives {actual} ({c.where})")
    return failures


def main() -> int:
    if not os.path.isfile(JAR):
        print(f"docs-results: {JAR} not found; build it first with: mvn -B -q -DskipTests package", file=sys.stderr)
        return 2
    runs = summaries(CHECKS)
    failures = verify(CHECKS, runs)
    for f in failures:
        print(f"docs-results: {f}")
    print(f"docs-results: {len(CHECKS) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
