#!/bin/sh
# Seed 001: the full TAALK sweep (loads 1-100, 10 repetitions, TAALK, random choice, Maglev) for
# seeds 1-10, to see which of the seed's single-testbed numbers are within chance.
# Usage: NM_CP=... taalk-seeds.sh OUTDIR [SEEDS]
out=${1:?out dir}; seeds=${2:-"1 2 3 4 5 6 7 8 9 10"}
for s in $seeds; do
  "$(dirname "$0")/run-java.sh" taalk-all --seed "$s" --out "$out/seed$s" > "$out/seed$s.txt" 2>&1
done
