#!/usr/bin/env bash
# Whole commands as a user runs them, JVM start included: `./bgctl replay` of the first 1,000 jobs and of the
# full SDSC-SP2 trace (flat:128, EASY) with the direct executor, the actors with the memory journal and the actors
# with the H2 journal (the default); the textbook Python loop (verify/textbook_flat.py) on the same trace; and the
# full CTC-SP2 trace on bgl (sizes / 4 in midplanes, slim shapes, every job a torus, offered load 1.0, EASY,
# direct) and on flat:338 (offered load 1.0, EASY, direct). Each command runs RUNS times, interleaved (one of each,
# then again, the order turning by one each round), so that a change in the machine's load meets every command;
# then the median wall time of each, its range and median CPU time (user + system, every thread), and the ratios.
# The 1,000-job durable replay runs a second time with --first in an argument file, so that its actor system does not
# start before the command line is parsed (bgctl reads no argument file ahead), for the gain of starting it ahead.
# Outputs go to a temporary directory, removed at the end. The first round also checks that the three modes
# wrote the same jobs.csv.
# Usage: bench/cold.sh [RUNS]            (default 5)
# Needs the CLI jar (mvn -B -q -DskipTests package) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench/cold.sh: RUNS must be a positive integer, was '$runs'" >&2; exit 2; }
[ -f cli/target/bgctl.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
sdsc=../shared/traces/SDSC-SP2-1998-4.2-cln.swf
ctc=../shared/traces/CTC-SP2-1996-3.1-cln.swf
for trace in "$sdsc" "$ctc"; do
  [ -f "$trace" ] || { echo "bench/cold.sh: trace $trace not found" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bgctl-cold.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

sdsc_replay="./bgctl replay --trace $sdsc --machine flat:128 --scheduler easy --quiet"
ctc_replay="./bgctl replay --trace $ctc --scheduler easy --offered-load 1.0 --executor direct --journal memory --quiet"
names=()
declare -A command label
# bench NAME LABEL COMMAND: a command to time, and how the table names it.
bench() { names+=("$1"); label[$1]=$2; command[$1]=$3; }
bench k1-direct "SDSC first 1,000 jobs, direct, memory" "$sdsc_replay --first 1000 --executor direct --journal memory"
bench k1-actors "SDSC first 1,000 jobs, actors, memory" "$sdsc_replay --first 1000 --executor actors --journal memory"
bench k1-durable "SDSC first 1,000 jobs, actors, H2" "$sdsc_replay --first 1000 --executor actors --journal h2"
# the same replay with --first in an argument file, whose words bgctl does not read ahead: its actor system starts
# only once the command line is parsed (docs/architecture.md, ActorsAhead)
printf -- '--first\n1000\n' >"$work/first-1000.args"
bench k1-late "SDSC first 1,000 jobs, actors, H2, not ahead" \
  "$sdsc_replay @$work/first-1000.args --executor actors --journal h2"
bench full-direct "SDSC full, direct, memory" "$sdsc_replay --executor direct --journal memory"
bench full-actors "SDSC full, actors, memory" "$sdsc_replay --executor actors --journal memory"
bench full-durable "SDSC full, actors, H2 (default)" "$sdsc_replay --executor actors --journal h2"
bench textbook "SDSC full, textbook Python loop" "python3 verify/textbook_flat.py --trace $sdsc --nodes 128 --scheduler easy"
bench ctc-bgl "CTC full on bgl, direct" \
  "$ctc_replay --machine bgl --size-divide 4 --sizes-in units --shapes slim --fat-probability 0 --torus-probability 1"
bench ctc-flat "CTC full on flat:338, direct" "$ctc_replay --machine flat:338"

# Runs command $1 once with its outputs in $work/$1, appending "wall cpu" (seconds) to $work/$1.times.
run_once() {
  local name=$1 out="$work/$1" timing
  rm -rf "$out"
  local args=(${command[$name]})
  if [ "$name" = textbook ]; then args+=(--out "$out.csv"); else args+=(--out "$out"); fi
  local TIMEFORMAT='%R %U %S'
  if ! timing=$( { time "${args[@]}" >"$work/$name.log" 2>&1; } 2>&1 ); then
    echo "bench/cold.sh: '${command[$name]}' failed:" >&2
    tail -5 "$work/$name.log" >&2
    exit 1
  fi
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$timing" >>"$work/$name.times"
}

# The median of column $2 of file $1.
median() {
  sort -n -k"$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

echo "bench/cold.sh $runs    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "java: $(java -version 2>&1 | head -1); python: $(python3 --version 2>&1); cores: $(nproc)"
echo "class-data sharing archive: $([ -f cli/target/bgctl.jsa ] && echo cli/target/bgctl.jsa || echo none)"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 0; round < runs; round++)); do
  for ((i = 0; i < ${#names[@]}; i++)); do
    run_once "${names[(i + round) % ${#names[@]}]}"
  done
  if [ "$round" = 0 ]; then
    for mode in k1-actors k1-durable k1-late; do
      cmp -s "$work/k1-direct/jobs.csv" "$work/$mode/jobs.csv" || { echo "bench/cold.sh: $mode wrote another jobs.csv than k1-direct" >&2; exit 1; }
    done
    for mode in full-actors full-durable; do
      cmp -s "$work/full-direct/jobs.csv" "$work/$mode/jobs.csv" || { echo "bench/cold.sh: $mode wrote another jobs.csv than full-direct" >&2; exit 1; }
    done
  fi
done
echo "load average at the end:   $(cut -d' ' -f1-3 /proc/loadavg)"
echo
declare -A wall
printf '%-44s %9s  %-17s %9s\n' "command (median of $runs)" "wall s" "range" "cpu s"
for name in "${names[@]}"; do
  wall[$name]=$(median "$work/$name.times" 1)
  range=$(sort -n "$work/$name.times" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }')
  printf '%-44s %9.3f  %-17s %9.3f\n' "${label[$name]}" "${wall[$name]}" "$range" "$(median "$work/$name.times" 2)"
done
echo
ratio() { awk -v a="${wall[$2]}" -v b="${wall[$3]}" -v t="$1" 'BEGIN { printf "%-48s %6.2f\n", t, a / b }'; }
ratio "SDSC full durable / textbook (target <= 3):" full-durable textbook
ratio "SDSC full direct / textbook (target <= 1.2):" full-direct textbook
ratio "SDSC full actors+memory / textbook:" full-actors textbook
ratio "SDSC 1,000 jobs durable / direct (target <= 1.5):" k1-durable k1-direct
ratio "SDSC 1,000 jobs actors+memory / direct:" k1-actors k1-direct
ratio "SDSC 1,000 jobs durable, started ahead / not:" k1-durable k1-late
ratio "CTC bgl / flat:338, direct (target <= 2):" ctc-bgl ctc-flat
echo
echo "commands:"
for name in "${names[@]}"; do
  if [ "$name" = textbook ]; then echo "  ${command[$name]} --out FILE"; else echo "  ${command[$name]} --out DIR"; fi
done
