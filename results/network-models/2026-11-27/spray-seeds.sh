#!/bin/sh
# Seed 004: five batches of the paper's 10 runs (seeds 1-10, 11-20, ..., 41-50) of the static and
# random scenarios, so that each figure value gets a 95% interval over batches.
# Usage: NM_CP=... spray-seeds.sh OUTDIR
out=${1:?out dir}
for first in 1 11 21 31 41; do
  for fig in spray-static spray-random; do
    "$(dirname "$0")/run-java.sh" $fig --runs 10 --seed $first --threads 2 \
      --out "$out/batch$first" > "$out/batch$first-$fig.txt" 2>&1
  done
done
