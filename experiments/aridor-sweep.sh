#!/usr/bin/env bash
# Aridor et al. (2005), Figure 7(b): utilization against offered load (20% to 100%) on the BG/L wiring
# (bgl) and on a plain 3D torus of midplanes (torus-bgl), fat job shapes, P_t = 1, 0.5 and 0, EASY
# backfilling, on the CTC SP2 log (sizes / 4) and the SDSC SP2 log: the sweeps
# config/experiments/aridor-ctc.conf and aridor-sdsc.conf. Each sweep's results.csv and plots are copied
# to docs/experiments/aridor-ctc/ and aridor-sdsc/.
# Usage: experiments/aridor-sweep.sh [OUT] [PARALLEL]      (default sweeps/aridor, 2 runs at a time)
# A smaller grid: LOADS=0.2,0.6,1.0 TORUS=1 experiments/aridor-sweep.sh (the offered loads and P_t values).
# An interrupted sweep resumes where it stopped when run again with the same OUT.
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-sweeps/aridor}
parallel=${2:-2}
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
narrow=()
[ -n "${LOADS:-}" ] && narrow+=(--axis "offered_load=$LOADS")
[ -n "${TORUS:-}" ] && narrow+=(--axis "torus_probability=$TORUS")
for trace in ctc sdsc; do
  ./bgctl sweep --config "config/experiments/aridor-$trace.conf" --out "$out/$trace" --parallel "$parallel" \
      ${narrow[@]+"${narrow[@]}"}
  mkdir -p "docs/experiments/aridor-$trace"
  cp "$out/$trace/results.csv" "$out/$trace"/plots/* "docs/experiments/aridor-$trace/"
done
