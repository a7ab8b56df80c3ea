#!/usr/bin/env bash
# Paired, interleaved: an old commit's suite and today's, stock Wordcount on Config-2, 12 x 8 MB,
# one job each per round, both on this machine now. If the old commit is as slow today as today's,
# the slowdown since that day is the machine's, not the code's.
# Usage (under the lock): run.sh OLD_WORKTREE NEW_WORKTREE OUT [ROUNDS]
# Each worktree is a checkout built with `mvn -B -q -o -DskipTests package -pl bench-suite -am`.
set -u
old=${1:?old worktree}; new=${2:?new worktree}; out=${3:?out dir}; rounds=${4:-2}
for r in $(seq 1 "$rounds"); do
  for side in old new; do
    if [ $side = old ]; then dir=$old; else dir=$new; fi
    o=$out/$side-r$r
    rm -rf "$o"; mkdir -p "$out"
    echo "== round $r $side ($(git -C "$dir" rev-parse --short HEAD)) start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
    (cd "$dir" && mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite \
      -Ddemo.args="--apps wordcount --configs config-2 --methods stock --reps 1 --maps 12 --mb-per-map 8 --out $o" \
      > "$o.console" 2>&1)
    echo "rc=$? end $(date -u +%T)"
  done
done
