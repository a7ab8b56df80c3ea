#!/bin/bash
# Paired, interleaved A/B of a command's start-up: a seed-002 run of 1 ms simulated (drill-run), ROUNDS rounds,
# order alternating, CPU (user + system) of the whole process per run. Usage: ab-start.sh OUT ROUNDS NAME_A JAR_A NAME_B JAR_B
set -euo pipefail
O=$1; R=$2; NA=$3; JA=$4; NB=$5; JB=$6
mkdir -p "$O"
one() {
  /usr/bin/time -f "%e %U %S" -o "$O/t.txt" java -jar "$2" drill-run --scheme drill --load 0.9 --duration 1ms > /dev/null 2>&1
  echo "$1 $3 $(cat "$O/t.txt")" | tee -a "$O/console.txt"
}
for r in $(seq 1 "$R"); do
  if [ $((r % 2)) -eq 1 ]; then one "$NA" "$JA" "$r"; one "$NB" "$JB" "$r"; else one "$NB" "$JB" "$r"; one "$NA" "$JA" "$r"; fi
done
