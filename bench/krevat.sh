#!/usr/bin/env bash
# The Krevat schedulers' benchmarks: the POP search and the placement of one job on the 4x4x8 supernode
# torus (median over random occupancies), then a whole-trace replay in virtual time with B+M (by default the
# SDSC SP2 trace, one trace node per supernode, boot delay 1 s) through the direct executor and the actors.
# Usage: bench/krevat.sh [TRACE] [MACHINE] [SCHEDULER]
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/SDSC-SP2-1998-4.2-cln.swf}
machine=${2:-supernode:4x4x8/1}
scheduler=${3:-krevat-bm}
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$jar" org.bgctl.bench.PopBench
java -Xmx"${BENCH_HEAP:-1g}" -cp "$jar" org.bgctl.bench.KrevatBench "$trace" "$machine" "$scheduler"
