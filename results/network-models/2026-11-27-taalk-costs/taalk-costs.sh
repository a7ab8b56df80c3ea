#!/bin/sh
# Seed 001: how much the findings depend on the per-packet costs the seed leaves open. The full
# sweep (taalk-all) for a 3 x 3 grid of server (0.3, 0.6, 1.2 ms) and balancer (1, 2, 4 ms) costs,
# and for spells of other work on 2.5% and 10% of the time (the default 5% is the grid's 0.6 / 2 ms
# cell), seeds 1-5 each. Deterministic: run WITHOUT the shared lock, at the lowest priority.
# Usage: JAR=.../network-models.jar taalk-costs.sh OUTDIR ["SEEDS"]
out=${1:?out dir}; seeds=${2:-"1 2 3 4 5"}
: "${JAR:?set JAR}"
run() { d="$out/$1/seed$2"; shift 2; mkdir -p "$(dirname "$d")"
  nice -n 19 java -jar "$JAR" taalk-all "$@" --out "$d" > "$d.txt" 2>&1 || exit 1; }
for srv in 0.3 0.6 1.2; do for lb in 1 2 4; do for s in $seeds; do
  run "server$srv-lb$lb" $s --seed $s --server-ms $srv --balancer-ms $lb
done; done; done
for share in 0.025 0.1; do for s in $seeds; do
  run "spells$share" $s --seed $s --spell-share $share
done; done
