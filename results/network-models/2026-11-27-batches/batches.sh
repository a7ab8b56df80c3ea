#!/bin/sh
# Seeds 004 and 003: all five batches of the papers' 10 runs (seeds 1-10, 11-20, ..., 41-50) of the
# spraying scenarios (spray-static, spray-random) and of CrossRSS's Figs. 2a and 2b, as
# ../2026-11-27/spray-seeds.sh and crossrss-seeds.sh, with the jar instead of the locked classes:
# deterministic, so WITHOUT the shared lock, at the lowest priority.
# Usage: JAR=.../network-models.jar batches.sh OUTDIR
out=${1:?out dir}; : "${JAR:?set JAR}"
for first in 1 11 21 31 41; do
  for fig in spray-static spray-random; do
    nice -n 19 java -jar "$JAR" $fig --runs 10 --seed $first --threads 2 \
      --out "$out/spray/batch$first" > "$out/spray/batch$first-$fig.txt" 2>&1 || exit 1
  done
done
for first in 1 11 21 31 41; do
  for fig in crossrss-fig2a crossrss-fig2b; do
    nice -n 19 java -jar "$JAR" $fig --seed $first --out "$out/crossrss/batch$first" \
      > "$out/crossrss/batch$first-$fig.txt" 2>&1 || exit 1
  done
done
