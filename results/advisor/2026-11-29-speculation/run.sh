#!/bin/bash
# Issue 45: advise --pairs on the three committed history sets after the simulated speculator came to copy
# maps still starting their JVM (pikachu-sim Simulation.speculate, ca5ddcc), exactly as
# ../2026-11-29-first-decision-progress/run.sh runs it; the intervals are re-derived from the pairs set.
# Deterministic: no timing is reported; needs no lock.
# Usage: results/advisor/2026-11-29-speculation/run.sh build|advise [set...]|plain
#   plain: advise without --pairs on the hold-out set (docs/advisor.md's sample: today's plugin)
set -euo pipefail
# OUT: where the files go (default: this folder; ../2026-11-30-container-needs/run.sh sets it)
HERE="${OUT:-$(cd "$(dirname "$0")" && pwd)}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
A="$ROOT/results/advisor"
CPFILE="$ROOT/pikachu-advisor/target/advise-cp.txt"
WORK="${TMPDIR:-/tmp}/advise-$(basename "$HERE")"
sets() { echo "pairs:$A/2026-11-27-jhist-pairs holdout:$A/2026-11-27-jhist-holdout five:$A/2026-11-29-five-nodes"; }
jhist() { # the set's histories, unpacked once
  mkdir -p "$WORK/$1" && [ -n "$(find "$WORK/$1" -name '*.jhist' | head -1)" ] || tar xzf "$2/jhist.tar.gz" -C "$WORK/$1"
  dirname "$(find "$WORK/$1" -name '*.jhist' | head -1)"; }
case "${1:?part}" in
  build) "$A/2026-11-29-bins-cost-and-classes/run.sh" build ;;
  advise)
    shift; only="${*:-pairs holdout five}"
    for s in $(sets); do n=${s%%:*}; set_dir=${s#*:}
      case " $only " in *" $n "*) ;; *) continue ;; esac
      nice -n 15 java -cp "$(cat "$CPFILE")" io.pikachu.advisor.AdviseMain -q --csv "$HERE/$n-advice.csv" \
        --pairs "$set_dir/suite/results.csv" "$(jhist "$n" "$set_dir")" > "$HERE/$n-advise-pairs.txt"
      python3 "$A/2026-11-29-five-nodes/analyse.py" "$set_dir/suite/results.csv" "$HERE/$n-advice.csv" > "$HERE/$n-analysis.md"
    done ;;
  plain)
    nice -n 15 java -cp "$(cat "$CPFILE")" io.pikachu.advisor.AdviseMain -q \
      "$(jhist holdout "$A/2026-11-27-jhist-holdout")" > "$HERE/holdout-advise.txt" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
