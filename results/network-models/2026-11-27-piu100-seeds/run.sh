#!/usr/bin/env bash
# PIU 100 us, DRILL and ECMP at 90% load with --tail 1s (runs of 2 s measuring the flows that start in
# [0.1, 0.7) s), one drill-load invocation per seed.
# Usage: JAR=<network-models.jar> run.sh OUT "3 4 5"
# Deterministic for a seed: run it under nice -n 19, without the shared lock.
set -euo pipefail
out=$1
seeds=${2:-"3 4 5"}
mkdir -p "$out/console" "$out/cache"
for s in $seeds; do
  nice -n 19 /usr/bin/time -v java -jar "$JAR" drill-load --threads 2 --tail 1s --loads 0.9 \
    --schemes piu:100us,drill,ecmp --seed "$s" --cache "$out/cache" --out "$out/seed$s" \
    > "$out/console/seed$s.txt" 2>&1
  echo "seed $s done $(date -u +%H:%M:%S)" >> "$out/steps.log"
done
