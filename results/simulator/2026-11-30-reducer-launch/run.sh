#!/bin/bash
# Issue 45: the simulator's first reducers launch when Hadoop's did after slow start (measured, not a
# container delay), and advise measures a one-slot node by the maps it ran before the reducers: the
# measured launches (part `launch`, python 3 on the committed runs), then the validation and the
# five-seed figures as ../2026-11-30-copy-runs/run.sh runs them, written here and compared against it.
# Deterministic (seeded): no timing is reported; run at low priority.
# The byte studies (docs/simulator.md "Bytes, not counts") as ../2026-11-30-bytes-with-speculator/run.sh runs
# them, into bytes/: parts skew|classes|classes10|bytes-compare.
# Usage: run.sh launch|build|kept|figures|compare|skew|classes|classes10|bytes-compare
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
S="$ROOT/results/simulator"
case "${1:?part}" in
  launch)
    for set in cluster/2026-11-25-suite simulator/2026-11-29-fixed-p-today/suite advisor/2026-11-29-five-nodes/suite; do
      echo "## results/$set"
      python3 "$HERE/scripts/reducer_launch.py" "$ROOT/results/$set"
    done > "$HERE/reducer-launch.txt" ;;
  build|kept|figures|compare)
    OUT="$HERE" BEFORE="$S/2026-11-30-copy-runs" AGAINST=copy-runs exec "$S/2026-11-30-copy-runs/run.sh" "$@" ;;
  skew|classes|classes10)
    mkdir -p "$HERE/bytes"
    OUT="$HERE/bytes" BEFORE="$S/2026-11-30-bytes-with-speculator" exec "$S/2026-11-30-bytes-with-speculator/run.sh" "$@" ;;
  bytes-compare)
    OUT="$HERE/bytes" BEFORE="$S/2026-11-30-bytes-with-speculator" "$S/2026-11-30-bytes-with-speculator/run.sh" compare \
      > "$HERE/bytes/against-bytes-with-speculator.txt" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
