#!/usr/bin/env bash
# One invocation of the suite (stock and two-stage, paired in each round) on a five-node,
# three-class embedded cluster, then a copy of every job history file it wrote (the next start of
# the cluster deletes its work directory). Usage: run-pairs.sh <reps> [apps]
# (the suite resumes: reps 3, then 6, ... add rounds; each invocation holds the shared lock alone).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="${PAIRS_REPO:-/work/wt-h45e}"   # the checkout measured (its commit in the README)
reps="$1"
apps="${2:-wordcount}"
cd "$repo"
flock /tmp/heavy.lock nice -n 5 mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
  -Ddemo.command=suite \
  "-Ddemo.args=--cluster five=1xfast:0.6:3:1;2xmid:0.4:2:1;2xslow:0.2:1:1 --apps $apps --maps 18 --mb-per-map 2 --methods stock,two-stage --reps $reps --out $here/suite" \
  > "$here/console-$apps-reps$reps.txt" 2>&1
mkdir -p "$here/jhist"
find "$repo/bench-suite/target" -name '*.jhist' -path '*pikachu-suite-five*' -exec cp -n {} "$here/jhist/" \;
ls "$here/jhist" | wc -l
