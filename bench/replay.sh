#!/usr/bin/env bash
# Replay throughput: the full SDSC-SP2 trace with EASY on flat:128, in one JVM —
# direct executor, actors with the memory journal, actors with the H2 journal — and the
# actor/direct ratio. The heap is capped (default 256 MiB) to show that the input is streamed.
# Usage: bench/replay.sh [TRACE] [MACHINE] [SCHEDULER] [WARMUP] [RUNS]
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/SDSC-SP2-1998-4.2-cln.swf}
machine=${2:-flat:128}
scheduler=${3:-easy}
warmup=${4:-2}
runs=${5:-5}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc)"
exec java -Xmx"${BENCH_HEAP:-256m}" -cp "$jar" org.bgctl.bench.ReplayBench "$trace" "$machine" "$scheduler" "$warmup" "$runs"
