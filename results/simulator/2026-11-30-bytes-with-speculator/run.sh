#!/bin/bash
# Issue 43's "Bytes, not counts" studies (skew and node classes) re-run on the simulator with the speculator
# as Hadoop's and Pikachu's AM run it (2026-11-29-jvm-start-and-speculation), the same commands as
# ../2026-11-29-bytes-map-reports, to set docs/simulator.md's section beside its earlier figures.
# Deterministic (seeded): no timing is reported; run at low priority.
# Usage: run.sh build|skew|classes|classes10|compare
# A later run set runs skew|classes|classes10|compare into its own folder with OUT set, against BEFORE.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)"
HERE="${OUT:-$SELF}"
ROOT="$(cd "$SELF/../../.." && pwd)"
BEFORE="${BEFORE:-$ROOT/results/simulator/2026-11-29-bytes-map-reports}"
CPFILE="$ROOT/pikachu-sim/target/sim-cp.txt"
sim() { (cd "$ROOT/pikachu-sim" && nice -n 15 java -cp "$(cat "$CPFILE")" io.pikachu.sim.cli.SimMain "$@"); }
case "${1:?part}" in
  build) exec "$BEFORE/run.sh" build ;;
  skew) sim bytes --part skew --seeds 5 --out "$HERE" > "$HERE/bytes-skew-console.txt" 2>&1 ;;
  classes) sim bytes --part classes --seeds 5 --out "$HERE" > "$HERE/bytes-classes-console.txt" 2>&1 ;;
  classes10)
    mkdir -p "$HERE/classes-10-seeds"
    sim bytes --part classes --seeds 10 --out "$HERE/classes-10-seeds" > "$HERE/classes-10-seeds/bytes-classes-console.txt" 2>&1 ;;
  compare)
    for f in bytes-skew bytes-classes classes-10-seeds/bytes-classes; do
      echo "== $f.md (before: $BEFORE)"
      diff "$BEFORE/$f.md" "$HERE/$f.md" || true
    done ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
