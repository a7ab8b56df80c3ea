#!/bin/bash
# Issue 45: why the tail model is short on runs whose last map was a speculative copy (44 of the 180
# runs with bins of 2026-11-24/25), read from the AM traces of the 90 config-1 runs; the variants tried
# on the simulator (patches/variants.patch, system properties, not kept); and the one change kept (a map
# whose copy waits for a container is not picked again, as Hadoop's speculator sees it): its validation
# and the five-seed figures, against ../2026-11-29-jvm-start-and-speculation.
# Deterministic (seeded): no timing is reported; run at low priority.
# Usage: run.sh build|analyse|variants|kept|figures|compare
# A later run set runs kept|figures|compare into its own folder with OUT set, against BEFORE (a run set's
# folder) named AGAINST in the compare files; unset, both are this set's.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)"
HERE="${OUT:-$SELF}"
ROOT="$(cd "$SELF/../../.." && pwd)"
S="$ROOT/results/simulator"
SUITE="$ROOT/results/cluster/2026-11-25-suite"
READY="$S/2026-11-29-jvm-start-and-speculation/scripts/Ready.java"
BEFORE="${BEFORE:-$S/2026-11-29-jvm-start-and-speculation}"
AGAINST="${AGAINST:-jvm-start-and-speculation}"
FIXED="$S/2026-11-29-fixed-p-today/suite"
CPFILE="$ROOT/pikachu-sim/target/sim-cp.txt"
sim() { (cd "$ROOT/pikachu-sim" && nice -n 15 java "${JOPTS[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain "$@"); }
JOPTS=(-Dnone=1)
CP="$(cat "$CPFILE" 2>/dev/null || true)"
case "${1:?part}" in
  build) exec "$S/2026-11-29-bytes-map-reports/run.sh" build ;;
  analyse)  # the measured runs only (python 3, no simulator)
    python3 "$SELF/scripts/copies.py" "$BEFORE/kept/validation/validation.csv" "$SUITE/runs" > "$HERE/copies-before.txt"
    python3 "$SELF/scripts/stagger.py" "$SUITE" > "$HERE/start-stagger.txt"
    python3 "$SELF/scripts/wave2.py" "$SUITE" > "$HERE/second-wave-fast-maps.txt"
    python3 "$SELF/scripts/early_gap.py" "$HERE/second-wave-fast-maps.txt" > "$HERE/second-wave-early-gap.txt"
    python3 "$SELF/scripts/firstcopy.py" "$SUITE" > "$HERE/first-copy.txt"
    python3 "$SELF/scripts/fcfs.py" "$SUITE" 4.3 2.6 1.0 > "$HERE/start-sharing.txt" ;;
  variants)  # each variant's system properties on the patched simulator, in a scratch worktree of a5bdf40 (before the change kept here)
    WT="$(mktemp -d /tmp/copy-runs.XXXX)/wt"
    git -C "$ROOT" worktree add -q --detach "$WT" a5bdf40  # the commit the patch applies to
    git -C "$WT" apply "$SELF/patches/variants.patch"
    mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl pikachu-sim -am -f "$WT/pom.xml"
    CP="$(sed "s|$ROOT/|$WT/|g" "$CPFILE")"
    mkdir -p "$HERE/variants"
    while read -r name opts; do
      read -r -a JOPTS <<< "$opts"
      sim validate --out "$HERE/variants/$name" > "$HERE/variants/$name-console.txt" 2>&1
    done <<'V'
base -Dnone=1
fcfs-start -Dfcfs.tie=0.05
task-noise-0.08 -Dval.noise=0.08 -Dval.seeds=5
fcfs-start+task-noise -Dfcfs.tie=0.05 -Dval.noise=0.08 -Dval.seeds=5
latency-3s -Dlat.s=3
latency-3s-noisy -Dlat.s=3 -Dlat.noise=0.3 -Dval.seeds=5
queued-copy -Dspec.queued=true
heartbeat-jitter -Djitter=true -Dval.seeds=5
heartbeat-jitter+queued-copy -Djitter=true -Dval.seeds=5 -Dspec.queued=true
start-noise-0.15+queued-copy -Dstart.noise=0.15 -Dval.seeds=5 -Dspec.queued=true
start-noise-0.30+queued-copy -Dstart.noise=0.3 -Dval.seeds=5 -Dspec.queued=true
start-noise-0.15+jitter+queued-copy -Dstart.noise=0.15 -Djitter=true -Dval.seeds=5 -Dspec.queued=true
map-noise-0.08+queued-copy -Dval.noise=0.08 -Dval.seeds=5 -Dnoise.maps.only=true -Dspec.queued=true
map-noise-0.08+fcfs-start+queued-copy -Dval.noise=0.08 -Dval.seeds=5 -Dnoise.maps.only=true -Dspec.queued=true -Dfcfs.tie=0.05
V
    # the simulator before the change (a5bdf40, no property set): copies against the measured ones
    (cd "$ROOT/pikachu-sim" && nice -n 15 java -cp "$CP" "$READY" "$SUITE") > "$HERE/variants/base-ready-suite.txt" 2>/dev/null
    python3 "$SELF/scripts/copies_won.py" "$HERE/variants/base-ready-suite.txt" > "$HERE/copies-won-before.txt"
    git -C "$ROOT" worktree remove --force "$WT"
    python3 "$SELF/scripts/variants_table.py" "$HERE/variants" > "$HERE/variants-table.md" ;;
  kept)
    mkdir -p "$HERE/kept"
    sim validate --out "$HERE/kept/validation" > "$HERE/kept/validation-console.txt" 2>&1
    sim validate --results "$FIXED/results.csv" --runs "$FIXED" --out "$HERE/kept/validation-fixed-p-today" \
      > "$HERE/kept/validation-fixed-p-today-console.txt" 2>&1
    python3 "$SELF/scripts/copies.py" "$HERE/kept/validation/validation.csv" "$SUITE/runs" > "$HERE/kept/copies.txt"
    (cd "$ROOT/pikachu-sim" && nice -n 15 java -cp "$CP" "$READY" "$SUITE") > "$HERE/kept/ready-suite.txt" 2>/dev/null
    python3 "$SELF/scripts/copies_won.py" "$HERE/kept/ready-suite.txt" > "$HERE/kept/copies-won.txt" ;;
  figures)
    sim paper --out "$HERE/paper" > "$HERE/paper-console.txt" 2>&1
    sim fig2-7 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-console.txt" 2>&1
    sim fig2-2 --fast-core-speed 2.85 --out "$HERE/fast-cores-2.85" > "$HERE/fast-cores-2.85-fig2-2-console.txt" 2>&1
    sim beyond --out "$HERE/beyond" > "$HERE/beyond-console.txt" 2>&1 ;;
  compare)
    python3 "$S/2026-11-29-figures-merge-memory/compare.py" "$BEFORE/paper/sensitivity.csv" "$HERE/paper/sensitivity.csv" \
      > "$HERE/sensitivity-against-$AGAINST.txt"
    for f in paper/fig2-2 paper/fig2-7 paper/fig2-9 fast-cores-2.85/fig2-7 fast-cores-2.85/fig2-2 beyond/beyond; do
      if [ -f "$BEFORE/$f.csv" ]; then
        cmp -s "$BEFORE/$f.csv" "$HERE/$f.csv" && echo "$f.csv: unchanged" || echo "$f.csv: changed"
      fi
    done > "$HERE/figures-against-$AGAINST.txt" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
