#!/bin/sh
# Seed 000 chapter 3: what moves the misses (full scale).
#  churn  - Fig. 3.20 with the trace's popularity churn at 0, 0.02, 0.1 and 0.2 per interval
#           (0.05, the default, is in duet-all.sh)
#  skew   - Figs. 3.16 and 3.18 with VIP traffic sigma 1.8 and 2.6 (2.2 is the default)
#  fail   - Fig. 3.19 with workload seeds 2-5 (seed 1 is in duet-all.sh)
# Usage: NM_CP=... duet-causes.sh OUTDIR [churn skew fail]
out=${1:?out dir}; shift; parts=${*:-"churn skew fail"}
run="$(dirname "$0")/run-java.sh"
for p in $parts; do
  case $p in
    churn) for c in 0 0.02 0.1 0.2; do
             "$run" fig20 --churn $c --out "$out/churn-$c" > "$out/churn-$c.txt" 2>&1; done ;;
    skew)  for s in 1.8 2.6; do
             for f in fig16 fig18; do
               "$run" $f --traffic-sigma $s --out "$out/sigma-$s" > "$out/sigma-$s-$f.txt" 2>&1; done; done ;;
    fail)  for s in 2 3 4 5; do
             "$run" fig19 --seed $s --out "$out/fail-seed$s" > "$out/fail-seed$s.txt" 2>&1; done ;;
  esac
done
