#!/usr/bin/env bash
# Cluster benchmark, one JVM against three JVMs on loopback (two `bgctl node` members and the driver):
#  1. two-phase allocation latency on bgl (Reserve to the midplanes, then to the switch ports), median and p99;
#  2. replay throughput of a CTC-SP2-based bgl run (jobs/s), and whether both runs give the same jobs.csv.
# Usage: bench/cluster.sh [TRACE] [JOBS] [TRANSACTIONS] [WARMUP]
# Needs the CLI jar (mvn -B -q -DskipTests package); uses ports BENCH_PORT..BENCH_PORT+2 (default 25600).
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/CTC-SP2-1996-3.1-cln.swf}
jobs=${2:-1000}
transactions=${3:-2000}
warmup=${4:-500}
port=${BENCH_PORT:-25600}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
jvm=(java -Xmx"${BENCH_HEAP:-1g}" -cp "$jar")
bgl=(--machine bgl --size-divide 4 --sizes-in units --shapes slim --fat-probability 1 --torus-probability 1)
tmp=$(mktemp -d)
members=()
stop_members() {
  for p in "${members[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${members[@]}"; do wait "$p" 2>/dev/null || true; done
  members=()
}
trap 'stop_members; rm -rf "$tmp"' EXIT
start_members() {
  "${jvm[@]}" org.bgctl.cli.Bgctl node --machine bgl --port "$port" --seed-nodes "127.0.0.1:$port" > "$tmp/node-a.log" 2>&1 &
  members+=($!)
  "${jvm[@]}" org.bgctl.cli.Bgctl node --machine bgl --port $((port + 1)) --seed-nodes "127.0.0.1:$port" > "$tmp/node-b.log" 2>&1 &
  members+=($!)
}
jobs_per_s() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["run"]; print("%.1f jobs/s (%.1f s)" % (r["jobs_per_s"], r["wall_s"]))' "$1/summary.json"; }

echo "java: $(java -version 2>&1 | head -1); cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== two-phase allocation latency"
"${jvm[@]}" org.bgctl.bench.AllocationBench local "$transactions" "$warmup" 2>/dev/null
start_members
"${jvm[@]}" org.bgctl.bench.AllocationBench cluster "$transactions" "$warmup" $((port + 2)) "127.0.0.1:$port" 3 2>/dev/null
stop_members

echo "== replay throughput: the first $jobs jobs of $(basename "$trace") on bgl, EASY, memory journal"
"${jvm[@]}" org.bgctl.cli.Bgctl replay --trace "$trace" "${bgl[@]}" --first "$jobs" --journal memory \
    --out "$tmp/one" --quiet > /dev/null
echo "one JVM:    $(jobs_per_s "$tmp/one")"
start_members
"${jvm[@]}" org.bgctl.cli.Bgctl replay --trace "$trace" "${bgl[@]}" --first "$jobs" --journal memory \
    --out "$tmp/three" --quiet --cluster --cluster-port $((port + 2)) --seed-nodes "127.0.0.1:$port" --members 3 \
    > /dev/null 2> "$tmp/driver.log"
stop_members
echo "three JVMs: $(jobs_per_s "$tmp/three")"
if cmp -s "$tmp/one/jobs.csv" "$tmp/three/jobs.csv"; then
  echo "same jobs.csv: yes"
else
  echo "same jobs.csv: NO; the driver's warnings:"
  grep -a "WARN" "$tmp/driver.log" | cut -c1-240 | tail -20
fi
