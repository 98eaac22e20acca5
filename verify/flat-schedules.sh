#!/usr/bin/env bash
# Compares bgctl's flat-machine schedules with the textbook reference, job by job, on full
# traces. Usage: verify/flat-schedules.sh [TRACES_DIR] (default: ../shared/traces).
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
traces=${1:-../shared/traces}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for trace in SDSC-SP2-1998-4.2-cln.swf NASA-iPSC-1993-3.1-cln.swf; do
  for scheduler in fcfs easy conservative; do
    name=${trace%%-*}-$scheduler
    python3 verify/textbook_flat.py --trace "$traces/$trace" --nodes 128 --scheduler "$scheduler" \
      --out "$work/$name-textbook.csv" 2>/dev/null
    ./bgctl replay --trace "$traces/$trace" --machine flat:128 --scheduler "$scheduler" \
      --quiet --out "$work/$name" > /dev/null
    printf '%-28s ' "$trace $scheduler:"
    if python3 verify/compare_schedules.py "$work/$name-textbook.csv" "$work/$name/jobs.csv" > "$work/$name.cmp"; then
      echo "$(head -1 "$work/$name.cmp"), $(tail -1 "$work/$name.cmp")"
    else
      status=1
      echo "DIFFERENT"; head -25 "$work/$name.cmp"
    fi
  done
done
exit $status
