#!/bin/bash
# Issue 45: the simulator's five-seed figures with the rule set of main d8e6d2b (merge-beyond-memory, the maps'
# size reports): the paper's figures with the sensitivity table, Fig. 2.7 at fast cores 2.85x, beyond.
# Deterministic (seeded): no timing is reported; run without the lock, at low priority.
# Usage: results/simulator/2026-11-29-figures-merge-memory/run.sh build|paper|fast|beyond|compare
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
S="$ROOT/results/simulator"
case "${1:?part}" in
  build) exec "$S/2026-11-29-bytes-map-reports/run.sh" build ;;  # the simulator and target/sim-cp.txt
  compare)  # the sensitivity table against b665ea2's
    python3 "$HERE/compare.py" "$S/2026-11-29-cpu-bound-lag/sensitivity/sensitivity.csv" "$HERE/paper/sensitivity.csv" \
      > "$HERE/sensitivity-against-b665ea2.txt"
    exit 0 ;;
esac
cd "$ROOT/pikachu-sim"
sim() { java -cp "$(cat "$ROOT/pikachu-sim/target/sim-cp.txt")" io.pikachu.sim.cli.SimMain "$@"; }
case "$1" in
  paper) sim paper --out "$HERE/paper" > "$HERE/paper-console.txt" 2>&1 ;;
  fast) sim fig2-7 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-console.txt" 2>&1 ;;
  beyond) sim beyond --out "$HERE/beyond" > "$HERE/beyond-console.txt" 2>&1 ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
