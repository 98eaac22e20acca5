#!/usr/bin/env bash
# Live API load: a bgctl serve at k = 1 on a fresh run directory, RATE job submissions per second
# through the HTTP API for SECONDS seconds; prints submit-to-ack p50/p99/max (client side) and the
# server's lateness of timed events p50/p99/max (arrivals are live, so the timed events are the
# jobs' ends), both after a 10 s warm-up at the same rate that is reported apart. Not a test: the
# figures depend on the machine (docs/performance.md).
# Usage: bench/api.sh [RATE] [SECONDS] [MACHINE]
# BENCH_SERVER_OPTS adds JVM options to the server, e.g. -Dbgctl.live.submit-linger=5ms.
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-1000}
seconds=${2:-60}
machine=${3:-flat:65536}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
run=$(mktemp -d)
log="$run/serve.log"
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc); machine $machine, k = 1, $rate/s for $seconds s"
# ZGC, as ./bgctl serve runs it: its pauses stay under a millisecond, where G1's young collections took tens to hundreds of
# milliseconds on a loaded machine, each one a stall of every submission in flight.
java -Xmx1g -XX:+UseZGC ${BENCH_SERVER_OPTS:-} -cp "$jar" org.bgctl.cli.Bgctl serve --machine "$machine" --scheduler easy --speed 1 \
    --run "$run/run" --port 0 > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 120); do
  grep -q 'listening on' "$log" && break
  sleep 0.5
done
url=$(grep -o 'http://[0-9.:]*' "$log" | head -1)
[ -n "$url" ] || { cat "$log" >&2; exit 1; }
# The server's CPU time (user + system) while the load runs, where /proc has it.
cpu() { [ -r "/proc/$server/stat" ] && awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) / hz}' "/proc/$server/stat" || echo 0; }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
cpu0=$(cpu)
java -Xmx512m -cp "$jar" org.bgctl.bench.ApiBench "$url" "$rate" "$seconds"
cpu1=$(cpu)
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
awk -v a="$cpu0" -v b="$cpu1" -v rate="$rate" -v s="$seconds" 'BEGIN { n = rate * (s + 10);
    printf "server CPU time under load: %.1f s, %.3f ms per submission (warm-up included)\n", b - a, 1000 * (b - a) / n }'
kill -TERM $server
wait $server || true
grep 'stopped' "$log"
