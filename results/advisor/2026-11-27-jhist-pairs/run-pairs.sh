#!/usr/bin/env bash
# One invocation of the suite (stock and two-stage, paired in each round) on config-1, then a copy of
# every job history file the embedded cluster wrote (the next start of the cluster deletes its work
# directory). Usage: run-pairs.sh <reps>   (the suite resumes: reps 2, then 4, then 6 add rounds)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="${PAIRS_CLONE:-/tmp/sim-pairs}"   # a clean clone of the commit measured (see README)
reps="$1"
cd "$repo"
flock /tmp/heavy.lock nice -n 5 mvn -B -q -Pdemo -DskipTests package -pl benchmarks -am \
  -Ddemo.command=suite \
  -Ddemo.args="--apps wordcount,invertedindex,multiwordcount --configs config-1 --methods stock,two-stage --reps $reps --out $here/suite" \
  > "$here/console-reps$reps.txt" 2>&1
mkdir -p "$here/jhist"
find "$repo/benchmarks/target" -name '*.jhist' -path '*pikachu-suite-config-1*' -exec cp -n {} "$here/jhist/" \;
find "$repo/benchmarks/target" -name '*_conf.xml' -path '*pikachu-suite-config-1*' -path '*done*' -exec cp -n {} "$here/jhist/" \; || true
ls "$here/jhist" | wc -l
