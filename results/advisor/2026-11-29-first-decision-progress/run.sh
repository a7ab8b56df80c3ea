#!/bin/bash
# Issue 45: advise --pairs on the three committed history sets, with the replay's maps reporting no
# progress until they end (as the recorded AM saw them), exactly as ../2026-11-29-bins-cost-and-classes/run.sh
# runs it. Deterministic: no timing is reported; needs no lock.
# Usage: results/advisor/2026-11-29-first-decision-progress/run.sh build|probes|advise [set...]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
A="$ROOT/results/advisor"
CPFILE="$ROOT/pikachu-advisor/target/advise-cp.txt"
WORK="${TMPDIR:-/tmp}/first-decision-progress"
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
      java -cp "$(cat "$CPFILE")" io.pikachu.advisor.AdviseMain -q --csv "$HERE/$n-advice.csv" \
        --pairs "$set_dir/suite/results.csv" "$(jhist "$n" "$set_dir")" > "$HERE/$n-advise-pairs.txt"
      python3 "$A/2026-11-29-five-nodes/analyse.py" "$set_dir/suite/results.csv" "$HERE/$n-advice.csv" > "$HERE/$n-analysis.md"
    done ;;
  probes)
    mkdir -p "$WORK/classes"
    javac -nowarn -proc:none -cp "$(cat "$CPFILE")" -d "$WORK/classes" "$HERE/FirstDecisionProbe.java" "$HERE/FirstDecisionWithoutProfile.java"
    java -cp "$WORK/classes:$(cat "$CPFILE")" io.pikachu.advisor.FirstDecisionProbe "$(jhist five "$A/2026-11-29-five-nodes")" > "$HERE/first-decision-probe.txt"
    java -cp "$WORK/classes:$(cat "$CPFILE")" FirstDecisionWithoutProfile "$A"/2026-11-29-five-nodes/suite/runs/wordcount/five/two-stage/rep*/trace.jsonl \
      2>/dev/null | grep -v WARN > "$HERE/first-decision-without-profile.txt" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
