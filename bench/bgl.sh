#!/usr/bin/env bash
# Replay throughput on the BG/L machine of midplanes: the full CTC SP2 trace with EASY on bgl, job sizes
# as in Aridor et al. (2005) — divided by 4 to count midplanes of the 128-midplane machine, slim shapes,
# each job fat with probability 0.5 and a torus with probability 0.5 (both phases of the allocation
# transaction, midplanes and switch ports, at work) — in one JVM: direct executor, actors with the memory
# journal, actors with the H2 journal, and the actor/direct ratio (org.bgctl.bench.ReplayBench).
# Usage: bench/bgl.sh [TRACE] [MACHINE] [WARMUP] [RUNS] [PARAMETER=VALUE ...]   (more replay parameters)
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/CTC-SP2-1996-3.1-cln.swf}
machine=${2:-bgl}
warmup=${3:-1}
runs=${4:-3}
shift $(($# < 4 ? $# : 4))
jar=cli/target/bgctl.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc)"
exec java -Xmx"${BENCH_HEAP:-1g}" -cp "$jar" org.bgctl.bench.ReplayBench "$trace" "$machine" easy "$warmup" "$runs" \
    size_divide=4 sizes_in=units shapes=slim fat_probability=0.5 torus_probability=0.5 seed=1 "$@"
