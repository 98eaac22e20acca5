#!/usr/bin/env bash
# Restart of a live server after a long run, and the size of its journal. A bgctl serve on a fresh run directory
# is fed the first JOBS jobs of TRACE at SPEED virtual seconds per second (every decision journaled write-ahead, as
# at k = 1); once they have all arrived it is killed with SIGKILL and started again on the directory with --run
# only (its inputs come from the journal). Prints the time from the restart until the API answers, the journal
# file's size after the kill and after a clean stop, and the bytes of the events (and snapshots) it holds. The CPU
# time the restarted JVM used until the API answered is printed beside the wall time: on a loaded machine the wall
# time is mostly waiting for a core.
# Not a test: the figures depend on the machine (docs/performance.md).
# Usage: bench/restart.sh [JOBS] [SPEED] [TRACE] [MACHINE]
# BENCH_SERVER_OPTS adds JVM options to the server, e.g. -Dbgctl.scheduler.snapshot-every=200.
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-200000}
speed=${2:-2000000}
trace=${3:-../shared/traces/HPC2N-2002-2.2-cln.swf}
machine=${4:-flat:240}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
dir=$(mktemp -d)
run="$dir/run"
server=
trap '[ -n "$server" ] && kill -9 $server 2>/dev/null; rm -rf "$dir"' EXIT
serve() { # serve LOG OPTIONS...: starts a server, sets $server and $url once it listens
  local log=$1; shift
  java -Xmx2g -Xss8m -XX:+UseZGC ${BENCH_SERVER_OPTS:-} -cp "$jar" org.bgctl.cli.Bgctl serve --run "$run" --port 0 "$@" \
      > "$log" 2>&1 &
  server=$!
  url=
  while [ -z "$url" ]; do
    kill -0 $server 2>/dev/null || { cat "$log" >&2; exit 1; }
    url=$(grep -o 'http://[0-9.:]*' "$log" | head -1 || true)
    sleep 0.05
  done
}
metric() { curl -s "$url/api/metrics" | grep -o "\"$1\":[0-9]*" | head -1 | cut -d: -f2; }
size() { stat -c %s "$run/journal.mv.db"; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "the first $jobs jobs of $(basename "$trace") on $machine at $speed virtual s per s"
start=$(date +%s)
serve "$dir/first.log" --machine "$machine" --trace "$trace" --first "$jobs" --speed "$speed"
while [ "$(metric jobs_submitted)" -lt "$jobs" ]; do sleep 1; done
echo "fed in $(( $(date +%s) - start )) s: $(metric events) events"
kill -9 $server
wait $server 2>/dev/null || true
killed=$(size)

t0=$(date +%s%N)
serve "$dir/second.log"
until curl -sf "$url/api/metrics" > /dev/null; do sleep 0.05; done
t1=$(date +%s%N)
cpu=$(awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) / hz}' "/proc/$server/stat")
grep 'resumed' "$dir/second.log" || true
echo "restart until the API answers: $(( (t1 - t0) / 1000000 )) ms wall, $cpu s of CPU (load average $(cut -d' ' -f1 /proc/loadavg))"
kill -TERM $server
wait $server 2>/dev/null || true
server=
stopped=$(size)
read -r events _ snapshots < <(java -cp "$jar" org.h2.tools.Shell -url "jdbc:h2:file:$run/journal" -user sa -sql \
  'SELECT SUM(OCTET_LENGTH("event_payload")) AS e,
          (SELECT COALESCE(SUM(OCTET_LENGTH("snapshot_payload")), 0) FROM "snapshot") AS s FROM "event_journal"' | sed -n 2p)
awk -v k="$killed" -v s="$stopped" -v e="$events" -v n="$snapshots" 'BEGIN {
  printf "events: %.1f MB; snapshots kept: %.1f MB\n", e / 1e6, n / 1e6
  printf "journal file after the kill: %.1f MB (%.2fx the events)\n", k / 1e6, k / e
  printf "journal file after a clean stop: %.1f MB (%.2fx the events)\n", s / 1e6, s / e }'
