#!/bin/bash
# Paired, interleaved timing of the full-scale DRILL point (drill-run --scheme drill --load 0.9, 1 s
# simulated) for two arms, each a java command line (JVM options and jar): ROUNDS rounds, the order
# alternating (round 1 A-then-B, round 2 B-then-A, ...). Run it under the shared lock.
# Each run writes its flows.csv and ports.csv, so that the arms' outputs can be compared byte for byte.
# Usage: paired.sh OUT ROUNDS NAME_A "JAVA_ARGS_A" NAME_B "JAVA_ARGS_B"
#   e.g. paired.sh /tmp/x 5 g1 "-jar nm.jar" par "-XX:+UseParallelGC -jar nm.jar"
set -euo pipefail
OUT=$1; ROUNDS=$2; NA=$3; AA=$4; NB=$5; AB=$6
mkdir -p "$OUT"
one() { # arm java-args round
  local arm=$1 args=$2 r=$3
  echo "$arm $r start $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/console.txt"
  rm -rf "$OUT/out-$arm-$r"
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/time-$arm-$r.txt" \
    java $args drill-run --scheme drill --load 0.9 --out "$OUT/out-$arm-$r" > "$OUT/drill-$arm-$r.txt" 2>&1
  echo "$arm $r time(wall user sys maxrss_kb) $(cat "$OUT/time-$arm-$r.txt")" | tee -a "$OUT/console.txt"
}
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then one "$NA" "$AA" "$r"; one "$NB" "$AB" "$r"
  else one "$NB" "$AB" "$r"; one "$NA" "$AA" "$r"; fi
  # A file STOP beside OUT ends the set after this round (a deadline), with whole pairs only.
  [ -e "$OUT/../STOP" ] && { echo "stopped after round $r (STOP file)" | tee -a "$OUT/console.txt"; break; }
done
echo "end $(date -u +%FT%TZ)" | tee -a "$OUT/console.txt"
