#!/bin/bash
# Issue 43, rule merge-beyond-memory (a reducer's bytes beyond its in-memory merge buffer merged once more): the skew and
# class studies with bins by bytes (the default), by counts (pikachu.allocation.by-bytes=false) and with a late correction (a what-if), seeds 1-5.
# Deterministic (seeded): run under nice without the lock; no timing is reported.
# Usage: results/simulator/2026-11-29-merge-memory/run.sh [skew|classes|all|classes10]   (from anywhere; run the parts
# one after another: each builds the module, and two builds at once can break each other)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
PART="${1:-all}"
cd "$ROOT/pikachu-sim"
if [ "$PART" != "classes10" ]; then
nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
  -Dspotless.check.skip=true \
  -Dsim.args="bytes --part $PART --seeds 5 --out $HERE" 2>&1 | tee "$HERE/bytes-$PART-console.txt"
fi

# What a byte correction costs, one seed per Zipf exponent: the decisions' notes (bins moved, MB
# fetched again, the most loaded reducer's load before and after)
if [ "$PART" = "all" ] || [ "$PART" = "skew" ]; then
  mkdir -p "$HERE/skew-seed1"
  for z in 0.5 1.0 1.5; do
    nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
      -Dspotless.check.skip=true \
      -Dsim.args="simulate --cluster paper-7 --skew $z --method two-stage --seed 1 --task-noise 0.08" 2>&1 \
      | sed 's/\x1b\[0m//g' | grep -v '^$' > "$HERE/skew-seed1/zipf-$z.txt"
  done
fi

# The four-class gap, one seed: which class's reducers end last, at two-stage's P and at fixed P
if [ "$PART" = "all" ] || [ "$PART" = "classes" ]; then
  mkdir -p "$HERE/four-classes-seed1"
  for m in two-stage fixed-1.1 fixed-1.25 fixed-1.5 fixed-2; do
    nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
      -Dspotless.check.skip=true \
      -Dsim.args="simulate --cluster four-classes --method $m --seed 1 --task-noise 0.08" 2>&1 \
      | sed 's/\x1b\[0m//g' | grep -v '^$' > "$HERE/four-classes-seed1/$m.txt"
  done
  # three classes, seed 1: why a late byte correction keeps the map (the decision's notes)
  mkdir -p "$HERE/three-classes-seed1"
  nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
    -Dspotless.check.skip=true \
    -Dsim.args="simulate --cluster three-classes --method two-stage --seed 1 --task-noise 0.08" 2>&1 \
    | sed 's/\x1b\[0m//g' | grep -v '^$' > "$HERE/three-classes-seed1/two-stage.txt"
fi

# The class studies over 10 seeds (narrower intervals; the 5-seed files above are the run set's
# protocol): run.sh classes10
if [ "$PART" = "classes10" ]; then
  mkdir -p "$HERE/classes-10-seeds"
  nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
    -Dspotless.check.skip=true \
    -Dsim.args="bytes --part classes --seeds 10 --out $HERE/classes-10-seeds" \
    > "$HERE/classes-10-seeds/bytes-classes-console.txt" 2>&1
fi
