#!/usr/bin/env bash
# Aridor et al. (2005), "Simulation results": utilization against offered load (20% to 100%) on the BG/L
# wiring (bgl) and on a plain 3D torus of midplanes (torus-bgl), EASY backfilling. The sweeps, each
# config/experiments/aridor-NAME.conf, its results.csv and plots copied to docs/experiments/aridor-NAME/:
#   ctc, sdsc                 Figure 7(b): fat job shapes, P_t = 1, 0.5 and 0, CTC (sizes / 4) and SDSC
#   ctc-slim, sdsc-slim       Figure 7(a): slim job shapes, P_t = 1, 0.5 and 0, CTC (sizes / 4) and SDSC
#   ctc-shapes, sdsc-shapes   Figure 8: sizes as for fat jobs, fat with probability 0, 0.5 and 1, all tori,
#                             bgl, CTC (sizes / 4) and SDSC
# Switches are shared port by port; each sweep has a NAME-whole twin (aridor-NAME-whole.conf) with one
# partition per switch (bgl,switch=whole and torus-bgl,switch=whole), e.g. SWEEPS="ctc-slim ctc-slim-whole".
# Usage: experiments/aridor-sweep.sh [OUT] [PARALLEL]      (default sweeps/aridor, 2 runs at a time)
# Some of the sweeps: SWEEPS="ctc-slim ctc-shapes" experiments/aridor-sweep.sh (default: all six).
# A smaller grid: LOADS=0.2,0.6,1.0 TORUS=1 experiments/aridor-sweep.sh (the offered loads and P_t values;
# TORUS applies only to the sweeps with a P_t axis).
# An interrupted sweep resumes where it stopped when run again with the same OUT; a smaller or other grid
# needs an OUT of its own (a sweep refuses the directory of another sweep's results).
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-sweeps/aridor}
parallel=${2:-2}
sweeps=${SWEEPS:-ctc sdsc ctc-slim sdsc-slim ctc-shapes sdsc-shapes}
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
for sweep in $sweeps; do
  config="config/experiments/aridor-$sweep.conf"
  [ -f "$config" ] || { echo "unknown sweep '$sweep': no $config (known: ctc sdsc ctc-slim sdsc-slim ctc-shapes sdsc-shapes, each also NAME-whole)" >&2; exit 2; }
done
for sweep in $sweeps; do
  config="config/experiments/aridor-$sweep.conf"
  narrow=()
  [ -n "${LOADS:-}" ] && narrow+=(--axis "offered_load=$LOADS")
  [ -n "${TORUS:-}" ] && grep -q 'parameter = torus_probability' "$config" && narrow+=(--axis "torus_probability=$TORUS")
  ./bgctl sweep --config "$config" --out "$out/$sweep" --parallel "$parallel" ${narrow[@]+"${narrow[@]}"}
  mkdir -p "docs/experiments/aridor-$sweep"
  cp "$out/$sweep/results.csv" "$out/$sweep"/plots/* "docs/experiments/aridor-$sweep/"
done
