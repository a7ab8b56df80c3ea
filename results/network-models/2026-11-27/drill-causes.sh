#!/bin/sh
# Seed 002: controlled experiments on the causes of the misses (full scale, seed 1 unless said).
#  length  - DRILL and ECMP at 90% with 0.5, 2 and 3 s of traffic (1 s is in drill-seeds.sh)
#  uplink40 - queue std dev of DRILL and ECMP at 40% and 80% with the text's 40 Gbps uplinks
#  ns2     - PPU, PIU 10 us and CU 10 us with the ns-2 patch's per-destination classifiers
#  loads   - the loads the committed figure left out (20, 30, 50, 60, 70%)
# Usage: NM_CP=... drill-causes.sh OUTDIR [length uplink40 ns2 loads]
out=${1:?out dir}; shift; parts=${*:-"length uplink40 ns2 loads"}
run="$(dirname "$0")/run-java.sh"
for p in $parts; do
  case $p in
    length)
      for d in ${LENGTHS:-0.5s 2s 3s}; do
        "$run" drill-load --loads 0.9 --schemes drill,ecmp --duration $d --threads 2 \
          --out "$out/length-$d" > "$out/length-$d.txt" 2>&1
      done ;;
    uplink40)
      "$run" drill-staleness --uplink 40 --loads 0.4,0.8 --schemes drill,ecmp --threads 2 \
        --out "$out/uplink40" > "$out/uplink40.txt" 2>&1 ;;
    ns2)
      for l in 0.1 0.9; do
        "$run" drill-load --ns2-classifier --loads $l --schemes drill,ppu,piu:10us,cu:10us \
          --threads 2 --out "$out/ns2-$l" > "$out/ns2-$l.txt" 2>&1
      done ;;
    loads)
      for l in 0.2 0.3 0.5 0.6 0.7; do
        "$run" drill-load --loads $l --schemes drill,ecmp,piu:10us,ppu,cu:10us --threads 2 \
          --cache "$out/cache" --out "$out/load-$l" > "$out/load-$l.txt" 2>&1
      done ;;
  esac
done
