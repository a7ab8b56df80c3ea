#!/bin/bash
# Issue 45: Hadoop's speculator copies a map still starting its JVM (Simulation.speculate), tried beside a
# JVM start shared by maps and reducers (patches/one-jvm-start.patch, not kept): the held-back validation on
# the suite's runs and on 2026-11-29-fixed-p-today, the simulated reducers' JVM ready against the containers'
# logs, and, for the change kept, the five-seed figures (paper with the sensitivity table, Fig. 2.7 at fast
# cores 2.85x, beyond) to set beside ../2026-11-29-figures-merge-memory.
# Deterministic (seeded): no timing is reported; run without the lock, at low priority.
# Usage: run.sh build|variants|kept|paper|fast|beyond|compare
#   variants: checks out the simulator's files of HEAD and applies each variant's patches in turn (run it
#   on a clean tree; it leaves HEAD's files as they were and rebuilds).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
S="$ROOT/results/simulator"
CPFILE="$ROOT/pikachu-sim/target/sim-cp.txt"
FIXED="$S/2026-11-29-fixed-p-today/suite"
sim() { (cd "$ROOT/pikachu-sim" && nice -n 15 java -cp "$(cat "$CPFILE")" io.pikachu.sim.cli.SimMain "$@"); }
case "${1:?part}" in
  build) exec "$S/2026-11-29-bytes-map-reports/run.sh" build ;;
  variants)
    # the patches apply to the simulator as it was before the kept change (main 6044fe2)
    cd "$ROOT"
    for v in baseline one-jvm-start speculate-progress-zero one-jvm-start+speculate-progress-zero; do
      git checkout -q 6044fe2 -- pikachu-sim/src/main/java/io/pikachu/sim/calib pikachu-sim/src/test \
        pikachu-sim/src/main/java/io/pikachu/sim/engine/Simulation.java
      case $v in *one-jvm*) git apply "$HERE/patches/one-jvm-start.patch" ;; esac
      case $v in *speculate*) git apply "$HERE/patches/speculate-progress-zero.patch" ;; esac
      "$0" build
      mkdir -p "$HERE/$v"
      sim validate --out "$HERE/$v/validation" > "$HERE/$v/validation-console.txt" 2>&1
      sim validate --results "$FIXED/results.csv" --runs "$FIXED" --out "$HERE/$v/validation-fixed-p-today" \
        > "$HERE/$v/validation-fixed-p-today-console.txt" 2>&1
      nice -n 15 java -cp "$(cat "$CPFILE")" "$HERE/scripts/Ready.java" "$FIXED" > "$HERE/$v/ready-fixed-p-today.txt" 2>&1
    done
    git checkout -q HEAD -- pikachu-sim/src/main/java/io/pikachu/sim/calib pikachu-sim/src/test \
      pikachu-sim/src/main/java/io/pikachu/sim/engine/Simulation.java
    "$0" build
    python3 "$HERE/scripts/summarize_ready.py" "$HERE"/*/ready-fixed-p-today.txt > "$HERE/ready-summary.txt" ;;
  kept)  # the simulator as committed: validation on both sets and the reducers' JVM ready
    mkdir -p "$HERE/kept"
    sim validate --out "$HERE/kept/validation" > "$HERE/kept/validation-console.txt" 2>&1
    sim validate --results "$FIXED/results.csv" --runs "$FIXED" --out "$HERE/kept/validation-fixed-p-today" \
      > "$HERE/kept/validation-fixed-p-today-console.txt" 2>&1
    nice -n 15 java -cp "$(cat "$CPFILE")" "$HERE/scripts/Ready.java" "$FIXED" > "$HERE/kept/ready-fixed-p-today.txt" 2>&1
    python3 "$HERE/scripts/summarize_ready.py" "$HERE"/*/ready-fixed-p-today.txt > "$HERE/ready-summary.txt" ;;
  paper) sim paper --out "$HERE/paper" > "$HERE/paper-console.txt" 2>&1 ;;
  fast)  # Fig. 2.7 and, since the speculator moves stock too, Fig. 2.2 at fast cores 2.85x
    sim fig2-7 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-console.txt" 2>&1
    sim fig2-2 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-fig2-2-console.txt" 2>&1 ;;
  beyond) sim beyond --out "$HERE/beyond" > "$HERE/beyond-console.txt" 2>&1 ;;
  compare)
    python3 "$S/2026-11-29-figures-merge-memory/compare.py" "$S/2026-11-29-figures-merge-memory/paper/sensitivity.csv" \
      "$HERE/paper/sensitivity.csv" > "$HERE/sensitivity-against-figures-merge-memory.txt" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
