#!/bin/bash
# Issue 45: what bins cost a reducer, measured on Config-1's pairs set and checked on the hold-out and five-node sets,
# and advise --pairs on the three sets. Deterministic: no timing is reported; needs no lock.
# Usage: results/advisor/2026-11-29-bins-cost-and-classes/run.sh build|phases|advise
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
A="$ROOT/results/advisor"
CPFILE="$ROOT/pikachu-advisor/target/advise-cp.txt"
WORK="${TMPDIR:-/tmp}/bins-cost-and-classes"
sets() { echo "pairs:$A/2026-11-27-jhist-pairs holdout:$A/2026-11-27-jhist-holdout five:$A/2026-11-29-five-nodes"; }
jhist() { # the set's histories, unpacked once
  mkdir -p "$WORK/$1" && [ -n "$(find "$WORK/$1" -name '*.jhist' | head -1)" ] || tar xzf "$2/jhist.tar.gz" -C "$WORK/$1"
  dirname "$(find "$WORK/$1" -name '*.jhist' | head -1)"; }
case "${1:?part}" in
  build)
    mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl pikachu-advisor -am -f "$ROOT/pom.xml"
    mvn -B -q -o dependency:build-classpath -pl pikachu-advisor -f "$ROOT/pom.xml" -Dmdep.outputFile="$CPFILE.deps"
    # the reactor's own classes, not the SNAPSHOT jars of ~/.m2
    echo "$ROOT/pikachu-advisor/target/classes:$ROOT/pikachu-sim/target/classes:$ROOT/pikachu-core/target/classes:$ROOT/bench-model/target/classes:$ROOT/pikachu-store/target/classes:$(tr ':' '\n' < "$CPFILE.deps" | grep -v /io/pikachu/ | paste -sd:)" > "$CPFILE" ;;
  phases)
    mkdir -p "$WORK/classes"
    javac -nowarn -proc:none -cp "$(cat "$CPFILE")" -d "$WORK/classes" "$HERE/ReducerPhases.java"
    for s in $(sets); do n=${s%%:*}
      java -cp "$WORK/classes:$(cat "$CPFILE")" io.pikachu.advisor.ReducerPhases "$n" "$(jhist "$n" "${s#*:}")" \
        > "$WORK/red-$n.txt" 2> "$WORK/maps-$n.txt"
    done
    python3 "$HERE/post_shuffle_excess.py" "$WORK" > "$HERE/post-shuffle-excess.txt"
    python3 "$HERE/cpu_per_second.py" "$WORK" > "$HERE/cpu-per-second.txt" ;;
  advise)
    for s in $(sets); do n=${s%%:*}; set_dir=${s#*:}
      java -cp "$(cat "$CPFILE")" io.pikachu.advisor.AdviseMain -q --csv "$HERE/$n-advice.csv" \
        --pairs "$set_dir/suite/results.csv" "$(jhist "$n" "$set_dir")" > "$HERE/$n-advise-pairs.txt"
      python3 "$A/2026-11-29-five-nodes/analyse.py" "$set_dir/suite/results.csv" "$HERE/$n-advice.csv" > "$HERE/$n-analysis.md"
    done ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
