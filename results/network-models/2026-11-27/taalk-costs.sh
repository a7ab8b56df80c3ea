#!/bin/sh
# Seed 001: how much the findings depend on the per-packet costs the seed leaves open. The full
# sweep for a 3 x 3 grid of server (0.3, 0.6, 1.2 ms) and balancer (1, 2, 4 ms) costs, seeds 1-3,
# and for spells of other work on 2.5% and 10% of the time (0.6 / 2 ms).
# Usage: NM_CP=... taalk-costs.sh OUTDIR
out=${1:?out dir}
run="$(dirname "$0")/run-java.sh"
for srv in 0.3 0.6 1.2; do
  for lb in 1 2 4; do
    for s in 1 2 3; do
      d="$out/server$srv-lb$lb/seed$s"
      mkdir -p "$(dirname "$d")"
      "$run" taalk-all --seed $s --server-ms $srv --balancer-ms $lb --out "$d" > "$d.txt" 2>&1 || exit 1
    done
  done
done
for share in 0.025 0.1; do
  for s in 1 2 3; do
    d="$out/spells$share/seed$s"
    mkdir -p "$(dirname "$d")"
    "$run" taalk-all --seed $s --spell-share $share --out "$d" > "$d.txt" 2>&1 || exit 1
  done
done
