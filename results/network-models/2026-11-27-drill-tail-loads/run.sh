#!/usr/bin/env bash
# Experiment 5's loads (20, 30, 50, 60, 70%) with --tail 1s (runs of 2 s measuring the flows that start
# in [0.1, 0.7) s), seed 1, the schemes of experiment 5; one load per step, one run cache, so a stopped
# sweep resumes; the last step reads every run from the cache and writes one CSV.
# Usage: JAR=<network-models.jar> run.sh OUT [LOAD...]   (default loads: 0.7 0.6 0.5 0.3 0.2)
# Deterministic for a seed: run it under nice -n 19, without the shared lock.
set -euo pipefail
out=$1; shift
loads=${*:-"0.7 0.6 0.5 0.3 0.2"}
schemes=drill,ecmp,piu:10us,ppu,cu:10us
mkdir -p "$out/console" "$out/cache"
for l in $loads; do
  nice -n 19 /usr/bin/time -v java -jar "$JAR" drill-load --threads 2 --tail 1s --loads "$l" \
    --schemes "$schemes" --cache "$out/cache" --out "$out/load$l" > "$out/console/load$l.txt" 2>&1
  echo "load $l done $(date -u +%H:%M:%S)" >> "$out/steps.log"
done
all=$(echo $loads | tr ' ' '\n' | sort -n | paste -sd, -)
java -jar "$JAR" drill-load --threads 2 --tail 1s --loads "$all" --schemes "$schemes" \
  --cache "$out/cache" --out "$out/all" > "$out/console/all.txt" 2>&1
echo "all ($all) written $(date -u +%H:%M:%S)" >> "$out/steps.log"
