#!/bin/sh
# Seed 002's two figures re-made with the measured flows given 1 s more (--tail 1s), in steps that
# share one run cache, so that a step cut short resumes where it stopped (every finished run is
# kept) and the load figure reads its 40% and 80% points from the staleness sweep's runs.
# Deterministic: run WITHOUT the shared lock, at the lowest priority.
# Usage: JAR=.../network-models.jar remake.sh CACHE OUT [STEP...]
#   steps (default all, in this order): load90 load10 stale80 shared40 load stale
cache=${1:?cache dir}; out=${2:?out dir}; shift 2
: "${JAR:?set JAR}"
steps=${*:-"load90 load10 stale80 shared40 load stale"}
mkdir -p "$out"
run() { # name, then the subcommand and its options
  name=$1; shift
  echo "== $name: $* (started $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))" >> "$out/steps.log"
  nice -n 19 /usr/bin/time -v java -jar "$JAR" "$@" --threads 2 --tail 1s --cache "$cache" \
    > "$out/$name.txt" 2> "$out/$name.time"
  echo "   exit $?, ended $(date -u +%H:%M:%S); $(grep -E 'Elapsed|User time' "$out/$name.time" | tr -s ' ' | tr '\n' ';')" >> "$out/steps.log"
}
# The load figure's schemes; at 40% they run sampled (staleness sweep's way) so that both figures use them.
shared=drill,ecmp,rr,piu:0.1us,piu:1us,piu:10us,piu:100us,ppu,cu:0.1us,cu:1us,cu:10us,cu:100us
for s in $steps; do
  case $s in
    load90) run load90 drill-load --loads 0.9 --out "$out/load90" ;;
    load10) run load10 drill-load --loads 0.1 --out "$out/load10" ;;
    stale80) run stale80 drill-staleness --loads 0.8 --out "$out/stale80" ;;
    shared40) run shared40 drill-staleness --loads 0.4 --schemes "$shared" --out "$out/shared40" ;;
    # Every run of the load figure is in the cache by now: this only writes its files.
    load) run load drill-load --loads 0.1,0.4,0.8,0.9 --out "$out/figures" ;;
    # Runs the staleness sweep's other 10 points at 40% and writes its files.
    stale) run stale drill-staleness --loads 0.4,0.8 --out "$out/figures" ;;
    *) echo "unknown step $s" >&2; exit 2 ;;
  esac
done
