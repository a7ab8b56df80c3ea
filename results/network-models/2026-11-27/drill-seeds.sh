#!/bin/sh
# Seed 002 at 90% load: five seeds of DRILL, ECMP (salted hash), ECMP with the scripts' additive
# hash, PPU and CU 10 us, 1 s of traffic each (full scale). One invocation per seed, so each holds
# the lock for about 3 minutes; the cache lets a later figure reuse the runs.
# Usage: NM_CP=... drill-seeds.sh OUTDIR [SEEDS]
out=${1:?out dir}; seeds=${2:-"1 2 3 4 5"}
for s in $seeds; do
  "$(dirname "$0")/run-java.sh" drill-load --loads 0.9 --schemes drill,ecmp,ecmp-add,ppu,cu:10us \
    --seed "$s" --threads 2 --cache "$out/cache" --out "$out/seed$s" > "$out/seed$s.txt" 2>&1
done
