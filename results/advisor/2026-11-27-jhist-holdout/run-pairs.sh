#!/usr/bin/env bash
# One invocation of the suite (stock and two-stage, paired in each round) on config-1, from a clean
# clone of main (the module layout of b4257af: bench-suite), then a copy of every job history file
# the embedded cluster wrote (its next start deletes its work directory).
# Usage: run-pairs.sh <reps>   (the suite resumes: reps 3, then 6, add rounds)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="${PAIRS_CLONE:-/tmp/sim-pairs2}"   # a clean clone of the commit measured (see README)
reps="$1"
cd "$repo"
flock /tmp/heavy.lock nice -n 5 mvn -B -q -Pdemo -DskipTests package -pl bench-suite -am \
  -Ddemo.command=suite \
  -Ddemo.args="--apps wordcount,invertedindex,multiwordcount --configs config-1 --methods stock,two-stage --reps $reps --out $here/suite" \
  > "$here/console-reps$reps.txt" 2>&1
mkdir -p "$here/jhist"
find "$repo" -name '*.jhist' -path '*pikachu-suite-config-1*' -exec cp -n {} "$here/jhist/" \;
ls "$here/jhist" | wc -l
