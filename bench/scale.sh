#!/usr/bin/env bash
# Memory at scale: the HPC2N trace repeated COPIES times (job ids and submit times shifted by a
# whole trace per copy), replayed with EASY on flat:240 by the direct executor and by the default
# executor and journal (actors, H2), each in a JVM of its own whose options are BGCTL_JAVA_OPTS plus a GC log;
# by default the options ./bgctl gives a replay of a trace over 32 MiB (C2 with less inlining), the heap capped at
# 256 MiB. Prints per run: jobs, wall time, jobs/s, the peak heap in use
# (before a collection), the most heap in use just after a collection (with G1 an upper bound of the
# live data: a young collection leaves the old generation's garbage in place), and the peak RSS.
# The traces and run directories go to a temporary directory, removed at the end.
# Usage: bench/scale.sh [COPIES...]          (default: 1 5 10 — about 200k, 1M and 2M jobs)
#        SCALE_MODES="actors" bench/scale.sh 10   (only the default executor)
# Needs the CLI jar: mvn -B -q -DskipTests package
set -euo pipefail
cd "$(dirname "$0")/.."
trace=../shared/traces/HPC2N-2002-2.2-cln.swf
jar=cli/target/bgctl.jar
opts=${BGCTL_JAVA_OPTS:--Xmx256m -Xss8m -XX:InlineSmallCode=1000 -XX:FreqInlineSize=100}
modes=${SCALE_MODES:-direct actors}
[ -f "$jar" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
[ $# -gt 0 ] || set -- 1 5 10
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgctl-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "java: $(java -version 2>&1 | head -1); cores: $(nproc); JVM options: $opts"

# The trace COPIES times over: its header once, then each copy's job lines with id + c*(largest id)
# and submit + c*(latest submit + 1 day).
repeat() {
  awk -v copies="$1" '
    FNR == NR { if ($0 !~ /^;/ && NF >= 18) { if ($1 > maxid) maxid = $1; if ($2 > last) last = $2 }; next }
    /^;/ { if (FNR == 1 || header) { header = 1; print }; next }
    NF >= 18 { header = 0; lines[++n] = $0 }
    END {
      for (c = 0; c < copies; c++)
        for (i = 1; i <= n; i++) {
          split(lines[i], f, /[ \t]+/)
          k = (f[1] == "") ? 1 : 0
          f[1 + k] += c * maxid; f[2 + k] += c * (last + 86400)
          line = f[1 + k]
          for (j = 2 + k; j <= 18 + k; j++) line = line " " f[j]
          print line
        }
    }' "$trace" "$trace"
}

printf '%-10s %-7s %9s %8s %9s %11s %14s %9s\n' copies mode jobs wall_s jobs/s peak_heap heap_after_gc peak_rss
for copies in "$@"; do
  t="$tmp/hpc2n-x$copies.swf"
  repeat "$copies" > "$t"
  for mode in $modes; do
    out="$tmp/run-$copies-$mode"
    gc="$tmp/gc-$copies-$mode.log"
    /usr/bin/time -f '%M' -o "$tmp/rss" env BGCTL_JAVA_OPTS="$opts -Xlog:gc:file=$gc" \
      ./bgctl replay --trace "$t" --machine flat:240 --scheduler easy --executor "$mode" --out "$out" --quiet \
      > "$tmp/out.log" 2>&1 || { cat "$tmp/out.log" >&2; exit 1; }
    python3 - "$out/summary.json" "$gc" "$tmp/rss" "$copies" "$mode" <<'PY'
import json, re, sys
summary, gc, rss, copies, mode = sys.argv[1:]
s = json.load(open(summary))
before, after = [0], [0]
for m in re.finditer(r'(\d+)M->(\d+)M\(\d+M\)', open(gc).read()):
    before.append(int(m.group(1))); after.append(int(m.group(2)))
wall = s['run']['wall_s']
print('%-10s %-7s %9d %8.1f %9.0f %8d MiB %10d MiB %5d MiB' % (copies, mode, s['jobs_submitted'], wall,
      s['jobs_submitted'] / wall, max(before), max(after), int(open(rss).read().split()[-1]) // 1024))
PY
    rm -rf "$out"
  done
  rm -f "$t"
done
