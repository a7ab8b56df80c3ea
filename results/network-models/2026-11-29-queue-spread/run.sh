#!/bin/sh
# Seed 002 (issue 46): the queue-spread rows (ECMP / DRILL 92x at 40%, 10.5x at 80%) as a controlled
# experiment with `drill-queues`: the scripts' additive ECMP hash (ecmp-add) beside the salted one,
# three readings of the thesis's statistic from the same samples, and two sampling spans:
#   window: runs of 1 s, queues sampled every 1 us in the measurement window [0.1, 0.7) s, seeds
#           1-RUNS, 5 unless RUNS is set (the figures' setting; the tail does not move the window, so no tail is needed);
#   span:   runs of 5 s sampled every 1 us in [0.1, 5) s, the thesis's "every 1 [u]s for 5
#           seconds", seed 1.
# The buffer is the scripts' (50 packets as 75,000 bytes per port), the thesis's only one.
# Deterministic: WITHOUT the shared lock, at the lowest priority.
# Usage: JAR=.../network-models.jar [RUNS=N] [SEED=N] [LOADS=L,L] [THREADS=N] [NICE=N] run.sh OUT [window|span|all]
# LOADS (0.4,0.8 unless set) and THREADS (runs in parallel, 1 unless set) shorten a run of it; SEED
# (1 unless set) is the window's first seed (seeds SEED to SEED+RUNS-1), so that seeds can be added
# in parts (analyse.py reads several parts' drill-queues-runs.csv together); NICE is the niceness (19).
out=${1:?out dir}; what=${2:-all}; runs=${RUNS:-5}; loads=${LOADS:-0.4,0.8}; threads=${THREADS:-1}
seed=${SEED:-1}; niceness=${NICE:-19}
: "${JAR:?set JAR}"
run() { d=$1; shift; mkdir -p "$out/$d"
  nice -n "$niceness" java -jar "$JAR" drill-queues --schemes drill,ecmp,ecmp-add --loads "$loads" --threads "$threads" "$@" \
    --out "$out/$d" > "$out/$d/console.txt" 2>&1 || { echo "failed: $d (see $out/$d/console.txt)" >&2; exit 1; }; }
# The window's folder names the part when it is not the whole: window, then -40 / -80 for loads other than
# both (as percentages), then -seed-A (one seed) or -seeds-A-B for seeds not starting at 1. (The seed-1 40%
# folder of 2026-11-29 is plain `window`: it was written before parts were named.) The span's folder is
# span-5s, with the same load suffix.
part=$(echo "$loads" | awk -F, '{ for (i = 1; i <= NF; i++) printf "-%g", 100 * $i }')
[ "$loads" = 0.4,0.8 ] && part=
wdir=window$part
if [ "$seed" != 1 ]; then
  if [ "$runs" = 1 ]; then wdir=$wdir-seed-$seed; else wdir=$wdir-seeds-$seed-$((seed + runs - 1)); fi
fi
case $what in window|all) run "$wdir" --runs "$runs" --seed "$seed" ;; esac
case $what in span|all) run "span-5s$part" --runs 1 --duration 1s --tail 4s --sample-to 5s ;; esac
