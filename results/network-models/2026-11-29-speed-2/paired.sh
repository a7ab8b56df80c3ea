#!/bin/bash
# Paired, interleaved timing of the full-scale DRILL point (drill-run --scheme drill --load 0.9, 1 s
# simulated) for two jars: ROUNDS rounds, the order alternating (round 1 before-then-after, round 2
# after-then-before, ...). Run it under the shared lock (flock /tmp/heavy.lock paired.sh ...).
# Each run writes its flows.csv and ports.csv, so that the outputs of the two jars can be compared
# byte for byte.
# Usage: paired.sh BEFORE.jar AFTER.jar OUT [ROUNDS]
set -euo pipefail
BEFORE=$1; AFTER=$2; OUT=$3; ROUNDS=${4:-6}
mkdir -p "$OUT"
one() { # arm jar round
  local arm=$1 jar=$2 r=$3
  echo "$arm $r start $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/console.txt"
  rm -rf "$OUT/out-$arm-$r"
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time-$arm-$r.txt" \
    java -jar "$jar" drill-run --scheme drill --load 0.9 --out "$OUT/out-$arm-$r" > "$OUT/drill-$arm-$r.txt" 2>&1
  echo "$arm $r time(wall user sys maxrss_kb) $(cat "$OUT/time-$arm-$r.txt")" | tee -a "$OUT/console.txt"
}
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then a=before; ja=$BEFORE; b=after; jb=$AFTER; else a=after; ja=$AFTER; b=before; jb=$BEFORE; fi
  one $a $ja $r
  one $b $jb $r
  # A file STOP beside OUT ends the set after this round (a deadline), with whole pairs only.
  [ -e "$OUT/../STOP" ] && { echo "stopped after round $r (STOP file)" | tee -a "$OUT/console.txt"; break; }
done
echo "end $(date -u +%FT%TZ)" | tee -a "$OUT/console.txt"
