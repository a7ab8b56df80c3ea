#!/bin/bash
# Issue 43's simulator study: the skew and class studies with bins by bytes (the default), by counts
# (pikachu.allocation.by-bytes=false) and with a late correction (a what-if), seeds 1-5.
# Deterministic (seeded): run under nice without the lock; no timing is reported.
# Usage: results/simulator/2026-11-29-bytes/run.sh [skew|classes|all]   (from anywhere)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
PART="${1:-all}"
cd "$ROOT/pikachu-sim"
nice -n 19 mvn -B -q -o -Psim -DskipTests package -pl pikachu-sim -am -f "$ROOT/pom.xml" \
  -Dspotless.check.skip=true \
  -Dsim.args="bytes --part $PART --seeds 5 --out $HERE" 2>&1 | tee "$HERE/bytes-$PART-console.txt"
