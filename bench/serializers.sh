#!/usr/bin/env bash
# The journal's serializers compared on the events of a run's journal (any run directory whose journal is kept,
# e.g. a replay with the default --journal h2), in batches as a virtual-time replay writes them (GROUP, default
# 4096 events): Jackson CBOR, which wrote journals before, against the compact form that writes them now. Runs
# with C1 only, as ./bgctl runs a replay.
# Usage: bench/serializers.sh RUN_DIR [GROUP] [ROUNDS]
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
jar=cli/target/bgctl.jar
[ $# -ge 1 ] || { echo "usage: bench/serializers.sh RUN_DIR [GROUP] [ROUNDS]" >&2; exit 2; }
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc)"
exec java -Xss8m -XX:TieredStopAtLevel=1 -cp "$jar" org.bgctl.bench.JournalSerializerBench "$@"
