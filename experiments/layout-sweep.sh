#!/usr/bin/env bash
# Block layouts on bgl (docs/layouts.md): partitions made to measure (dynamic), the static layout
# config/layouts/bgl-static.conf and the overlap layout config/layouts/bgl-overlap.conf, utilization and mean
# wait against offered load (0.5 to 1.0) on the CTC (sizes / 4) and SDSC SP2 logs, EASY, a torus with
# probability 1/2. The sweeps config/experiments/layouts-{ctc,sdsc}.conf; results.csv and plots are copied to
# docs/experiments/layouts-{ctc,sdsc}/.
# Usage: experiments/layout-sweep.sh [OUT] [PARALLEL]      (default sweeps/layouts, 1 run at a time)
# A smaller grid: LOADS=0.5,1.0 experiments/layout-sweep.sh. One log: SWEEPS=ctc experiments/layout-sweep.sh.
# An interrupted sweep resumes where it stopped when run again with the same OUT; a smaller or other grid
# needs an OUT of its own (a sweep refuses the directory of another sweep's results).
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-sweeps/layouts}
parallel=${2:-1}
sweeps=${SWEEPS:-ctc sdsc}
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
for sweep in $sweeps; do
  [ -f "config/experiments/layouts-$sweep.conf" ] || { echo "unknown sweep '$sweep' (known: ctc sdsc)" >&2; exit 2; }
done
for sweep in $sweeps; do
  narrow=()
  [ -n "${LOADS:-}" ] && narrow+=(--axis "offered_load=$LOADS")
  ./bgctl sweep --config "config/experiments/layouts-$sweep.conf" --out "$out/$sweep" --parallel "$parallel" ${narrow[@]+"${narrow[@]}"}
  mkdir -p "docs/experiments/layouts-$sweep"
  cp "$out/$sweep/results.csv" "$out/$sweep"/plots/* "docs/experiments/layouts-$sweep/"
done
