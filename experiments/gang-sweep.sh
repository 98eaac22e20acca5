#!/usr/bin/env bash
# The PFCFS experiments of Schwiegelshohn and Yahyapour (1998) on the CTC SP2 log, month by month, for 128
# and 256 nodes: the FCFS and EASY references, the wide-job threshold x (n = 1), the number of context
# switches n (odd and even) for three gang lengths, and the start delay δ. Each is a bgctl sweep (config/
# experiments/pfcfs-*.conf) through the direct executor, which gives the actors' schedules byte for byte;
# then experiments/gang-plots.py writes the change of each criterion relative to FCFS (CSV and SVG).
# Usage: experiments/gang-sweep.sh OUT_DIR [PARALLEL] [SWEEP...]   (default sweeps: references threshold
#        switches delay; add table2 for the whole Table 2 grid, 9,900 replays)
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: experiments/gang-sweep.sh OUT_DIR [PARALLEL] [SWEEP...]}
parallel=${2:-2}
shift $(( $# >= 2 ? 2 : 1 ))
sweeps=("$@")
[ ${#sweeps[@]} -gt 0 ] || sweeps=(references threshold switches delay)
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
for s in "${sweeps[@]}"; do
  ./bgctl sweep --config "config/experiments/pfcfs-$s.conf" --out "$out/$s" --executor direct \
      --parallel "$parallel" --quiet
done
python3 experiments/gang-plots.py "$out" "$out/plots"
