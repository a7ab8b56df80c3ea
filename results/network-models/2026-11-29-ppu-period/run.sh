#!/bin/sh
# Seed 002 (issue 46): PPU and CU 10 us with the thesis's own estimate of its per-packet mechanism's
# staleness imposed (--ppu-period: a port's entry refreshed by packets at most once every PERIOD),
# beside the model's reading (every packet from a port's far end refreshes its entry). The rows'
# loads (PPU at 10% and 90%, CU 10 us at 90%), the fidelity setting (runs of 2 s, the measured
# flows given 1 s more), seeds 1-RUNS (5 unless RUNS is set). Deterministic: WITHOUT the shared lock,
# at the lowest priority. LOADS="10 90" (default) picks the rows' loads to run.
# CACHE is shared with `fidelity`'s run cache (<fidelity cache>/runs): DRILL's runs and the model's
# PPU and CU runs are read from there, only the runs with a period are new.
# The cache makes it resumable: a second call with a larger RUNS runs only the new seeds.
# THREADS (runs in parallel, 1 unless set) and NICE (the niceness, 19 unless set) share the machine.
# Usage: JAR=.../network-models.jar CACHE=<fidelity cache>/runs [RUNS=N] [LOADS="10 90"] [THREADS=N] [NICE=N]
#        run.sh OUT [PERIODS]
out=${1:?out dir}; periods=${2:-"2.4us 4.8us"}; runs=${RUNS:-5}; loads=${LOADS:-"10 90"}
threads=${THREADS:-1}; niceness=${NICE:-19}
: "${JAR:?set JAR}"; : "${CACHE:?set CACHE}"
run() { d=$1; shift; mkdir -p "$out/$d"
  nice -n "$niceness" java -jar "$JAR" drill-load --tail 1s --runs "$runs" --threads "$threads" --cache "$CACHE" "$@" \
    --out "$out/$d" \
    > "$out/$d/console.txt" 2>&1 || { echo "failed: $d (see $out/$d/console.txt)" >&2; exit 1; }; }
for l in $loads; do
  case $l in
    10) run every-10 --loads 0.1 --schemes drill,ppu
        for p in $periods; do run "$p-10" --loads 0.1 --schemes drill,ppu --ppu-period "$p"; done ;;
    90) run every-90 --loads 0.9 --schemes drill,ppu,cu:10us
        for p in $periods; do run "$p-90" --loads 0.9 --schemes drill,ppu,cu:10us --ppu-period "$p"; done ;;
    *) echo "LOADS: 10 or 90, not $l" >&2; exit 2 ;;
  esac
done
