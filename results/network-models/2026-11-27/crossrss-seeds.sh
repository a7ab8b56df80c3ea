#!/bin/sh
# Seed 003: Figs. 2a and 2b for five batches of the seed's 10 runs (seeds 1-10, 11-20, ..., 41-50),
# so that the past-saturation ratios and the variances get 95% intervals over batches.
# Usage: NM_CP=... crossrss-seeds.sh OUTDIR
out=${1:?out dir}
for first in 1 11 21 31 41; do
  for fig in crossrss-fig2a crossrss-fig2b; do
    "$(dirname "$0")/run-java.sh" $fig --seed $first --out "$out/batch$first" > "$out/batch$first-$fig.txt" 2>&1
  done
done
