#!/bin/bash
# Issue 45: does two-stage lengthen the map phase at 36 maps (../2026-11-30-bins-cost-by-maps/: +13.4 +/- 5.4%,
# 4 of 4 rounds), and do the fast node's reducers take the CPU its maps lose? Stock and two-stage Wordcount on
# Config-1, 36 maps of 4 MB, paired rounds: with-agent/ (6 rounds, every task JVM's whole-process CPU from
# the Java agent of ../../simulator/2026-11-30-speculator-decisions/jvm-cpu/agent/, the NMs' launch lines for
# each container's node) and without-agent/ (3 rounds, as that run set ran them).
# Usage: run.sh runs-with-agent | runs-without-agent | analyse | compare   (runs hold the shared lock)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
ARGS="--apps wordcount --configs config-1 --methods stock,two-stage --maps 36 --mb-per-map 4"
suite() { (cd "$ROOT" && flock /tmp/heavy.lock nice -n 5 mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
  -Ddemo.command=suite "-Ddemo.args=$*") > /dev/null 2>&1; }
case "${1:?part}" in
  runs-with-agent)
    "$ROOT/results/simulator/2026-11-30-speculator-decisions/jvm-cpu/suite-with-agent.sh" $ARGS --reps 6 \
      --out "$HERE/with-agent"
    gzip -c /tmp/pikachu-agent/nm.log > "$HERE/with-agent/nm.log.gz"
    gzip -c /tmp/pikachu-agent/jvmcpu.log > "$HERE/with-agent/jvmcpu.log.gz" ;;
  runs-without-agent)
    suite "$ARGS --reps 3 --out $HERE/without-agent" ;;
  analyse)
    python3 "$HERE/scripts/cpu_by_role.py" <(zcat "$HERE/with-agent/nm.log.gz") <(zcat "$HERE/with-agent/jvmcpu.log.gz") \
      "$HERE/with-agent/results.csv" > "$HERE/with-agent/cpu-by-role.txt" ;;
  compare)
    for d in with-agent without-agent; do
      (cd "$ROOT" && flock /tmp/heavy.lock mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
        -Ddemo.command=compare "-Ddemo.args=$HERE/$d") | sed 's/\x1b\[0m//g' > "$HERE/$d/compare.md"
    done ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
