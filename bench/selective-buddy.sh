#!/usr/bin/env bash
# Subramani et al.'s experiments on a month of the CTC SP2 trace: free-list (non-contiguous),
# buddy and selective buddy allocation with EASY backfilling, for runtime improvements X of
# 0-50% and 15/30/60/100% communication-intensive jobs, with exact and with user estimates, and
# with random improvements in [0, 2X] (section 5.1). One `bgctl replay` per point, through the
# direct executor (it writes the same schedule as the actors), then one table of all points.
# Usage: bench/selective-buddy.sh [TRACE] [OUT]
# Environment: NODES (430, the paper's machine), TO (submit window end in seconds, 2592000 =
# the first 30 days), SEED (1), PARALLEL (2 replays at a time).
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/CTC-SP2-1996-3.1-cln.swf}
out=${2:-runs/selective-buddy}
nodes=${NODES:-430}
to=${TO:-2592000}
seed=${SEED:-1}
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
mkdir -p "$out"

# One line per point: run name, scheduler, estimate source, CI fraction, gain, gain spread.
points() {
  for est in exact requested; do
    for ci in 0.15 0.3 0.6 1; do echo "free-list-$est-ci$ci free-list $est $ci 0 fixed"; done
  done
  for ci in 1 0.15; do
    for x in 0 0.1 0.2 0.3 0.4 0.5; do echo "buddy-exact-ci$ci-x$x buddy exact $ci $x fixed"; done
  done
  for ci in 0.15 0.3 0.6 1; do
    for x in 0 0.1 0.2 0.3 0.4 0.5; do echo "selective-exact-ci$ci-x$x selective-buddy exact $ci $x fixed"; done
  done
  for x in 0 0.1 0.2 0.3 0.4 0.5; do echo "selective-requested-ci0.15-x$x selective-buddy requested 0.15 $x fixed"; done
  for x in 0.1 0.2 0.3 0.4; do echo "selective-requested-ci0.15-random-x$x selective-buddy requested 0.15 $x random"; done
}

run() {
  local name=$1 scheduler=$2 est=$3 ci=$4 x=$5 spread=$6
  [ -f "$out/$name/summary.json" ] && return 0
  rm -rf "${out:?}/$name"
  ./bgctl replay --trace "$trace" --machine "buddy:$nodes" --scheduler "$scheduler" --to "$to" \
      --estimate "$est" --ci-fraction "$ci" --ci-gain "$x" --ci-gain-spread "$spread" --seed "$seed" \
      --executor direct --journal memory --quiet --out "$out/$name" > /dev/null
  echo "$name"
}
export -f run
export trace out nodes to seed
points | xargs -P "${PARALLEL:-2}" -L 1 bash -c 'run "$@"' _
python3 bench/subramani_table.py "$out" > "$out/results.csv"
echo "table: $out/results.csv"
