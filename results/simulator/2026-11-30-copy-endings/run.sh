#!/usr/bin/env bash
# Run set 2026-11-30-copy-endings (issue 45): how often a job's last map is a speculative copy, measured
# and in the held-back replays, and whether the methods' signed tail errors differ by more than chance.
# Deterministic; no timing reported. See README.md.
# Usage: run.sh measured | variants | noise | fits | all
#   measured  python 3 on the measured runs only: colaunch-cv.txt (the spread of maps launched together
#             on one node), copy-counts.txt (the runs ending on a copy, per method, and a permutation test),
#             first-report.txt (when a map first reports to the AM) and jvm-start.txt (a task JVM's start
#             cost, maps and reducers apart)
#   variants  a scratch worktree of 5c85d01 with ../2026-11-30-speculator-decisions/patches/
#             heartbeats-and-noise.patch: for the four variants there (base, hb, noise3, hb+noise3) the held-back
#             validation (variants/<name>/validation.csv), the runs ending on a copy in the replays
#             (copy-endings.txt, scripts/CopyRate.java) and the methods' signed errors against chance
#             (signed-by-chance.txt)
#   noise     a scratch worktree of 5c85d01 with patches/experiments.patch (the task noise measured per fold,
#             replays over 9 seeds with each figure's median, the speculator's 9 s clock from its first look,
#             and switches): control (one seed, no noise), noise, noise with the maps' reports as measured
#             (noise/<name>/, noise.md)
#   fits      a scratch worktree of 5c85d01 with patches/tie-clock-starts.patch (switches): the speculator's
#             clock, one JVM start for maps and reducers, and the fit from 1 or 6 starting points, crossed
#             (fits/<name>/, fits.md)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
SUITE="$ROOT/results/cluster/2026-11-25-suite"
TODAY="$ROOT/results/simulator/2026-11-29-fixed-p-today/suite"
measured() {
  (cd "$ROOT/results" && python3 "$HERE/scripts/colaunch.py" cluster/2026-11-24-suite cluster/2026-11-25-suite \
    simulator/2026-11-29-fixed-p-today/suite simulator/2026-11-30-speculator-decisions/suite-nm-logs \
    simulator/2026-11-30-speculator-decisions/jvm-cpu advisor/2026-11-29-five-nodes/suite \
    advisor/2026-11-30-map-phase-recheck) > "$HERE/colaunch-cv.txt"
  python3 "$HERE/scripts/copy_counts.py" "$ROOT/results/simulator/2026-11-30-reducer-launch/kept/validation/validation.csv" \
    "$SUITE/runs" > "$HERE/copy-counts.txt"
  python3 "$HERE/scripts/first_report.py" "$SUITE"/runs/*/config-1/*/rep*/trace.jsonl > "$HERE/first-report.txt"
  python3 "$HERE/scripts/jvm_start.py" "$ROOT/results/simulator/2026-11-30-speculator-decisions" > "$HERE/jvm-start.txt"
}
worktree() {  # a scratch worktree of 5c85d01 with patch $1, built; sets WT and CP
  "$ROOT/results/simulator/2026-11-29-bytes-map-reports/run.sh" build  # writes pikachu-sim/target/sim-cp.txt
  WT="$(mktemp -d /tmp/copy-endings.XXXX)/wt"
  git -C "$ROOT" worktree add -q --detach "$WT" 5c85d01
  git -C "$WT" apply "$1"
  mvn -B -q -o -DskipTests -Dspotless.check.skip=true package -pl pikachu-sim -am -f "$WT/pom.xml"
  CP="$(sed "s|$ROOT/|$WT/|g" "$ROOT/pikachu-sim/target/sim-cp.txt")"
}
one() {  # name, java options ("|"-separated), copies script, out dir: both held-back validations and the copies
  local name=$1 copies=$3 out=$4/$1; local P; IFS="|" read -r -a P <<< "$2"
  mkdir -p "$out"; local tmp; tmp="$(mktemp -d)"
  (cd "$WT/pikachu-sim" && nice -n 15 java -Dsim.printLoss=true "${P[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain validate \
    --out "$tmp/v") > /dev/null 2> "$tmp/err"
  grep '^fit loss' "$tmp/err" > "$out/fit-loss.txt" || true
  (cd "$WT/pikachu-sim" && nice -n 15 java "${P[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain validate \
    --results "$TODAY/results.csv" --runs "$TODAY" --out "$tmp/t") > /dev/null 2>&1
  cp "$tmp/v/validation.csv" "$out/validation.csv"; cp "$tmp/t/validation.csv" "$out/validation-fixed-p-today.csv"
  (cd "$WT/pikachu-sim" && nice -n 15 java "${P[@]}" -cp "$CP" "$HERE/scripts/$copies" "$SUITE" 2>/dev/null) > "$out/copies.txt"
  rm -rf "$tmp"
}
noise() {
  worktree "$HERE/patches/experiments.patch"
  one control "-Dsim.seeds=1|-Dsim.noNoise=true" Copies.java "$HERE/noise"
  one noise "-Dnone=1" Copies.java "$HERE/noise"
  one noise+sort-reports "-Dsim.sortReports=true" Copies.java "$HERE/noise"
  python3 "$HERE/scripts/summary.py" "$HERE/noise" control noise noise+sort-reports > "$HERE/noise.md"
  git -C "$ROOT" worktree remove --force "$WT"
}
fits() {
  worktree "$HERE/patches/tie-clock-starts.patch"
  for starts in 1 6; do
    one "base$starts" "-Dsim.untie=true|-Dsim.noclock=true|-Dsim.starts=$starts" Copies.java "$HERE/fits"
    one "clock$starts" "-Dsim.untie=true|-Dsim.starts=$starts" Copies.java "$HERE/fits"
    one "tie$starts" "-Dsim.noclock=true|-Dsim.starts=$starts" Copies.java "$HERE/fits"
    one "both$starts" "-Dsim.starts=$starts" Copies.java "$HERE/fits"
  done
  python3 "$HERE/scripts/summary.py" "$HERE/fits" base1 base6 clock1 clock6 tie1 tie6 both1 both6 > "$HERE/fits.md"
  git -C "$ROOT" worktree remove --force "$WT"
}
variants() {
  worktree "$ROOT/results/simulator/2026-11-30-speculator-decisions/patches/heartbeats-and-noise.patch"
  : > "$HERE/copy-endings.txt"; : > "$HERE/signed-by-chance.txt"
  while read -r name props noise seeds; do
    IFS="|" read -r -a P <<< "$props"
    mkdir -p "$HERE/variants/$name"
    (cd "$WT/pikachu-sim" && nice -n 15 java "${P[@]}" -cp "$CP" io.pikachu.sim.cli.SimMain validate \
      --out "$HERE/variants/$name") > /dev/null 2>&1
    rm -f "$HERE/variants/$name/validation.md"
    { echo "== $name ($props, task noise $noise, $seeds seed(s))"
      (cd "$WT/pikachu-sim" && nice -n 15 java "${P[@]}" -cp "$CP" "$HERE/scripts/CopyRate.java" "$SUITE" "$noise" "$seeds" 2>/dev/null)
      echo; } >> "$HERE/copy-endings.txt"
    { echo "== $name"; python3 "$HERE/scripts/signed_by_chance.py" "$HERE/variants/$name/validation.csv"; echo; } \
      >> "$HERE/signed-by-chance.txt"
  done <<'V'
base -Dnone=1 0 1
hb -Dhb=true 0 1
noise3 -Dval.noise=0.03|-Dval.seeds=5 0.03 5
hb+noise3 -Dhb=true|-Dval.noise=0.03|-Dval.seeds=5 0.03 5
V
  git -C "$ROOT" worktree remove --force "$WT"
}
case "${1:?part}" in
  measured) measured ;;
  variants) variants ;;
  noise) noise ;;
  fits) fits ;;
  all) measured; variants; noise; fits ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
