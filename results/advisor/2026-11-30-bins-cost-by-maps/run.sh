#!/bin/bash
# Issue 45: does what bins add to a reducer's post-shuffle work grow with the job's maps? Stock and
# two-stage Wordcount on Config-1 at 12, 24 and 36 maps of 4 MB (the suite, paired rounds), then the
# excess per reducer read from the runs' tasks.csv (scripts/excess.py).
# Usage: run.sh runs [reps] | analyse | compare. `runs` holds the shared lock for each invocation (about
# 5, 7 and 9 minutes at 2 reps; the suite resumes, so `runs 4` adds rounds 3 and 4); `analyse` is python 3
# on the committed files; `compare` is the suite's own paired table per map count (a build, under the lock).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
case "${1:?part}" in
  runs)
    reps="${2:-2}"
    for maps in 12 24 36; do
      (cd "$ROOT" && flock /tmp/heavy.lock nice -n 5 mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
        -Ddemo.command=suite \
        "-Ddemo.args=--configs config-1 --apps wordcount --maps $maps --mb-per-map 4 --methods stock,two-stage --reps $reps --out $HERE/maps-$maps") \
        > "$HERE/console-maps-$maps.txt" 2>&1
    done ;;
  analyse)
    python3 "$HERE/scripts/excess.py" "$HERE"/maps-12 "$HERE"/maps-24 "$HERE"/maps-36 > "$HERE/excess.txt"
    python3 "$HERE/scripts/by_node.py" "$HERE"/maps-12 "$HERE"/maps-24 "$HERE"/maps-36 > "$HERE/by-node.txt" ;;
  compare)
    for maps in 12 24 36; do
      (cd "$ROOT" && flock /tmp/heavy.lock mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
        -Ddemo.command=compare "-Ddemo.args=$HERE/maps-$maps") | sed 's/\x1b\[0m//g' > "$HERE/compare-maps-$maps.md"
    done ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
