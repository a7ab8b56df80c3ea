#!/bin/sh
# Seed 000 Fig. 3.18: Random ("the first feasible switch that does not violate the link or switch
# memory capacity") under four readings of the order the switches are tried in, workload seeds 1-5,
# full scale. Nothing is tuned: the readings are the text's open choice, every other parameter is
# the figures'. Deterministic: run WITHOUT the shared lock, at the lowest priority.
# Usage: JAR=.../network-models.jar first-fit.sh OUTDIR ["ORDERS"] ["SEEDS"]
out=${1:?out dir}; orders=${2:-"fixed per-vip numbered cores-first"}; seeds=${3:-"1 2 3 4 5"}
: "${JAR:?set JAR}"; mkdir -p "$out"
for o in $orders; do
  for s in $seeds; do
    nice -n 19 java -Xmx2g -jar "$JAR" fig18 --seed "$s" --first-fit "$o" --out "$out/$o-seed$s" \
      > "$out/$o-seed$s.txt" 2>&1 || echo "failed: $o seed $s" >&2
  done
done
