#!/bin/sh
# Seed 001 (issue 46): TAALK's rows judged over 10 seeds by `fidelity`, on the seed's testbed (server
# 0.6 ms a packet, balancer 2 ms, spells of other work 5% of the time: the costs that were set on
# these rows) and on every other cell of the cost grid of ../2026-11-27-taalk-costs/ (server 0.3 /
# 0.6 / 1.2 ms x balancer 1 / 2 / 4 ms; spells on 2.5% and 10%), each cell scored by the same rule.
# Deterministic: WITHOUT the shared lock, at the lowest priority; the cache makes it resumable.
# REPS (10 unless set) is the number of seeds for the cells other than the seed's own testbed, which
# always gets 10 (the "judged over 10 seeds").
# CELLS (every cell unless set) names the cells to score, e.g. "server0.6-lb1 spells0.1".
# Usage: JAR=.../network-models.jar CACHE=<fidelity cache> [REPS=N] [CELLS="..."] run.sh OUT
out=${1:?out dir}; reps=${REPS:-10}
all="server0.3-lb1 server0.3-lb2 server0.3-lb4 server0.6-lb1 server0.6-lb4 server1.2-lb1 server1.2-lb2 server1.2-lb4"
cells=${CELLS:-"$all spells0.025 spells0.1"}
: "${JAR:?set JAR}"; : "${CACHE:?set CACHE}"
run() { d=$1; shift; mkdir -p "$out/$d"
  nice -n 19 java -jar "$JAR" fidelity --groups 001 --cache "$CACHE" "$@" \
    --out "$out/$d" > "$out/$d/console.txt" 2>&1 || { echo "failed: $d (see $out/$d/console.txt)" >&2; exit 1; }; }
run server0.6-lb2 --replicates 10
for c in $cells; do
  case $c in
    server*-lb*) srv=${c#server}; srv=${srv%-lb*}; lb=${c#*-lb}
                 run "$c" --replicates "$reps" --server-ms "$srv" --balancer-ms "$lb" ;;
    spells*) run "$c" --replicates "$reps" --spell-share "${c#spells}" ;;
    *) echo "unknown cell $c" >&2; exit 2 ;;
  esac
done
