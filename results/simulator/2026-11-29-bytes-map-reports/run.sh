#!/bin/bash
# Issue 43 at the merge of h43d (rule merge-beyond-memory, the reducers' merge-buffer reports) with main's map
# size reports (h43e): the skew and class studies (bins by bytes, the default; by counts; a late correction), the
# class studies over 10 seeds, and the simulator's other figures that a reducer's merge buffer can move
# (validate, beyond, the paper's figures with the sensitivity table, Fig. 2.7 at fast cores 2.85x).
# Deterministic (seeded): no timing is reported; run it through /work/helpers/idle-run.sh (never under the lock).
# Usage: results/simulator/2026-11-29-bytes-map-reports/run.sh build|skew|classes|classes10|validate|beyond|paper|fast
#   build first (compiles the simulator and writes its class path to target/sim-cp.txt); the other parts
#   only run java and may run one beside another.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
PART="${1:?part}"
CPFILE="$ROOT/pikachu-sim/target/sim-cp.txt"
if [ "$PART" = build ]; then
  mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl pikachu-sim -am -f "$ROOT/pom.xml"
  mvn -B -q -o dependency:build-classpath -pl pikachu-sim -f "$ROOT/pom.xml" -Dmdep.outputFile="$CPFILE.deps"
  # the reactor's own classes, not the SNAPSHOT jars of ~/.m2
  echo "$ROOT/pikachu-sim/target/classes:$ROOT/pikachu-core/target/classes:$ROOT/bench-model/target/classes:$(tr ':' '\n' < "$CPFILE.deps" | grep -v /io/pikachu/ | paste -sd:)" > "$CPFILE"
  exit 0
fi
cd "$ROOT/pikachu-sim"
sim() { java -cp "$(cat "$CPFILE")" io.pikachu.sim.cli.SimMain "$@"; }
one() { sim simulate "$@" 2>&1 | sed 's/\x1b\[0m//g' | grep -v '^$'; }
case "$PART" in
  skew)
    sim bytes --part skew --seeds 5 --out "$HERE" 2>&1 | tee "$HERE/bytes-skew-console.txt"
    # what a byte correction costs, one seed per Zipf exponent: the decisions' notes
    mkdir -p "$HERE/skew-seed1"
    for z in 0.5 1.0 1.5; do
      one --cluster paper-7 --skew $z --method two-stage --seed 1 --task-noise 0.08 > "$HERE/skew-seed1/zipf-$z.txt"
    done ;;
  classes)
    sim bytes --part classes --seeds 5 --out "$HERE" 2>&1 | tee "$HERE/bytes-classes-console.txt"
    # which class's reducers end last, at two-stage's P and at fixed P; three classes' decision notes
    mkdir -p "$HERE/four-classes-seed1" "$HERE/three-classes-seed1"
    for m in two-stage fixed-1.1 fixed-1.25 fixed-1.5 fixed-2; do
      one --cluster four-classes --method $m --seed 1 --task-noise 0.08 > "$HERE/four-classes-seed1/$m.txt"
    done
    one --cluster three-classes --method two-stage --seed 1 --task-noise 0.08 > "$HERE/three-classes-seed1/two-stage.txt" ;;
  classes10)
    mkdir -p "$HERE/classes-10-seeds"
    sim bytes --part classes --seeds 10 --out "$HERE/classes-10-seeds" > "$HERE/classes-10-seeds/bytes-classes-console.txt" 2>&1 ;;
  validate)
    sim validate --out "$HERE/validation" > "$HERE/validation-console.txt" 2>&1 ;;
  beyond)
    sim beyond --out "$HERE/beyond" > "$HERE/beyond-console.txt" 2>&1 ;;
  paper)
    sim paper --out "$HERE/paper" > "$HERE/paper-console.txt" 2>&1 ;;
  fast)
    sim fig2-7 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-console.txt" 2>&1 ;;
  *) echo "unknown part $PART" >&2; exit 2 ;;
esac
