#!/usr/bin/env bash
# Throughput of preemptive FCFS through the actors: one month of the CTC SP2 log (default July 1996) on
# flat:128 with PFCFS (default x = 40%, n = 1, delta = 60 s; extra replay parameters as KEY=VALUE), in one JVM:
# direct executor, actors with the memory journal, actors with the H2 journal; jobs/s of wall-clock time for
# the whole virtual-time replay, median of the timed runs.
# Usage: bench/gang.sh [MONTH] [WARMUP] [RUNS] [KEY=VALUE...]
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
month=${1:-1996-07}
warmup=${2:-2}
runs=${3:-5}
shift $(( $# >= 3 ? 3 : $# ))
trace=${CTC:-../shared/traces/CTC-SP2-1996-3.1-cln.swf}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc)"
exec java -Xmx"${BENCH_HEAP:-512m}" -cp "$jar" org.bgctl.bench.GangBench "$warmup" "$runs" trace="$trace" \
    machine=flat:128 month="$month" scheduler=pfcfs pfcfs_threshold=40 pfcfs_switches=1 pfcfs_delay=60 "$@"
