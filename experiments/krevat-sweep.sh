#!/usr/bin/env bash
# The runtime-coefficient sweep of Krevat et al. (2002, §3.3-3.4): each trace's first 10,000 jobs that ran with run
# times x c, for the four torus schedulers (one trace node per supernode of a 4x4x8 torus) and for FCFS and
# EASY backfilling on the flat 128-node machine, all with the paper's 1 s boot delay. One CSV row per run.
# Usage: experiments/krevat-sweep.sh OUT.csv [PARALLEL]   (traces from ../shared/traces, or set NASA / SDSC;
#        SPANS="sdsc" runs one trace only)
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: experiments/krevat-sweep.sh OUT.csv [PARALLEL]}
parallel=${2:-2}
nasa=${NASA:-../shared/traces/NASA-iPSC-1993-3.1-cln.swf}
sdsc=${SDSC:-../shared/traces/SDSC-SP2-1998-4.2-cln.swf}
coefficients="0.70 0.75 0.80 0.85 0.90 0.95 1.00 1.05 1.10 1.15 1.20 1.25 1.30 1.35 1.40 1.50 1.60 1.80 2.00 2.50"
runs=$(mktemp -d)
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }

jobs() {
  for trace in ${SPANS:-nasa sdsc}; do
    case $trace in nasa) trace="nasa:$nasa" ;; sdsc) trace="sdsc:$sdsc" ;; esac
    for c in $coefficients; do
      for s in krevat-fcfs krevat-backfill krevat-migration krevat-bm; do
        echo "${trace%%:*} ${trace#*:} $c supernode:4x4x8/1 $s"
      done
      for s in fcfs easy; do echo "${trace%%:*} ${trace#*:} $c flat:128 $s"; done
    done
  done
}

run() {
  local name=$1 trace=$2 c=$3 machine=$4 scheduler=$5
  local dir="$runs/$name-$scheduler-${machine%%:*}-$c"
  # --first-kept: SDSC's cancelled jobs (run time -1) are not part of the span; NASA's first 10,000 lines all ran
  java -Xmx1g -jar cli/target/bgctl.jar replay --trace "$trace" --first-kept 10000 --runtime-coefficient "$c" \
      --machine "$machine" --scheduler "$scheduler" --boot-delay 1 --executor direct --journal memory \
      --out "$dir" --quiet > /dev/null
  python3 - "$dir/summary.json" "$name" "$c" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
fields = [sys.argv[2], s["scheduler"], s["machine"], sys.argv[3], s["jobs"], s["utilization"], s["unused_capacity"],
          s["lost_capacity"], s["mean_wait_s"], s["mean_bounded_slowdown"], s["migrations_total"],
          s["migrations_successful"], s["migrations_max_successful"], s["jobs_migrated"]]
print(",".join(str(f) for f in fields))
PY
}
export -f run
export runs

echo "trace,scheduler,machine,runtime_coefficient,jobs,utilization,unused_capacity,lost_capacity,mean_wait_s,mean_bounded_slowdown,migrations_total,migrations_successful,migrations_max_successful,jobs_migrated" > "$out"
jobs | xargs -P "$parallel" -L 1 bash -c 'run "$@"' _ | sort -t, -k1,1 -k2,2 -k3,3 -k4,4n >> "$out"
rm -rf "$runs"
echo "wrote $out ($(($(wc -l < "$out") - 1)) runs)"
