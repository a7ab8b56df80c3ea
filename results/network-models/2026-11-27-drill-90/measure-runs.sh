#!/bin/sh
# Seed 002 at 90% load (LOAD=0.8 for 80%): DRILL and ECMP on the scripts' leaf-spine (examples/leaf-spine-drill.topo),
# one `simulate` run per scheme and seed: flows arrive for DURATION and the run stops then; every
# finished flow goes to flows.csv (id, start, size, FCT). Arrivals are drawn in time order from
# their own stream, so the first D seconds of a longer run are the run of length D: one run gives
# every shorter length and every measurement rule (analyse_measure.py).
# Deterministic: run WITHOUT the shared lock, at the lowest priority, two runs at a time.
# Usage: [LOAD=0.8] JAR=.../network-models.jar measure-runs.sh OUTDIR [DURATION] ["SEEDS"] ["SCHEMES"]
out=${1:?out dir}; d=${2:-3s}; seeds=${3:-"1 2 3 4 5"}; schemes=${4:-"drill ecmp"}; load=${LOAD:-0.9}
topo="$(cd "$(dirname "$0")/../../../network-models/examples" && pwd)/leaf-spine-drill.topo"
export JAR d topo out load
: "${JAR:?set JAR}"; mkdir -p "$out"
for s in $seeds; do for scheme in $schemes; do echo "$scheme $s"; done; done |
  xargs -P 2 -L 1 sh -c 'dir="$out/$d-$0-seed$1"
    nice -n 19 java -Xmx2g -jar "$JAR" simulate --topology "$topo" --load "$load" --arrivals "$d" \
      --max-time "$d" --tcp drill --sizes websearch --scheme "$0" --seed "$1" --out "$dir" \
      > "$dir.txt" 2>&1'
