#!/usr/bin/env bash
# Issue 43's embedded-cluster run sets: one suite invocation under the shared lock, then `compare`
# and the per-node byte shares (node_shares.py).
# usage: run.sh NAME CONFIG APPS METHODS REPS [more suite options]
# e.g.   run.sh wc-config1 config-1 wordcount_nocombiner stock,two-stage,two-stage-counts 5
#        run.sh wc-equal homogeneous wordcount_nocombiner stock,two-stage,two-stage-counts 3 -D pikachu.skew.expected=true
#        run.sh wc-unskewed-config1 config-1 wordcount stock,two-stage 4 --mb-per-map 8
# Options given here come before the defaults (12 maps of 4 MB), and the first of a repeated option wins.
set -uo pipefail
name=$1 cfg=$2 apps=$3 methods=$4 reps=$5; shift 5
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${OUT_DIR:-/tmp/pikachu-skew}/$name
cd "$root"
echo "commit $(git rev-parse --short HEAD) start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
args="--apps $apps --configs $cfg --methods $methods --reps $reps $* --maps 12 --mb-per-map 4 --out $out"
echo "== suite $args"
flock /tmp/heavy.lock mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite -Ddemo.args="$args" 2>&1 | tail -60
echo "rc=$? end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
# compare builds the suite again: under the lock too, so that it does not slow the next locked run
flock /tmp/heavy.lock mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=compare -Ddemo.args="$out" 2>&1 | tail -80
python3 "$here/node_shares.py" "$out"
