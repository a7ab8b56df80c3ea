#!/usr/bin/env bash
# Runs the NetBench comparison scenario (k=4 fat-tree, ECMP, NewReno, web-search sizes, Poisson
# all-to-all) on NetBench and on network-models, three times each, and prints wall time, CPU
# time and peak memory (medians), packet-hops per CPU-second, and the FCTs of both.
#
# Usage (from the repository root, after `mvn -q -pl network-models -o package -DskipTests`):
#   flock /tmp/heavy.lock network-models/bench/netbench-compare.sh NETBENCH_DIR [LOAD] [SECONDS] [SEED]
# NETBENCH_DIR holds a NetBench checkout built with `mvn clean compile assembly:single`
# (NetBench.jar). Set NETBENCH_COUNT_JAR to a NetBench.jar built with a packet-hop counter (see
# docs/network-models.md) to count NetBench's packet-hops; without it the script reports ours.
set -euo pipefail
NB=${1:?NetBench directory}
LOAD=${2:-0.6}
SECS=${3:-2}
SEED=${4:-1}
OUT=${OUT:-target/netbench-compare}
RUNS=${RUNS:-3}
TOPO="$NB/example/topologies/fat_tree/fat_tree_k4.topology"
[ -f "$NB/NetBench.jar" ] || { echo "no $NB/NetBench.jar: build NetBench first" >&2; exit 2; }
[ -f "$TOPO" ] || { echo "no $TOPO" >&2; exit 2; }
mkdir -p "$OUT"
mvn -q -o -pl network-models dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt" >/dev/null
CP="network-models/target/classes:$(cat "$OUT/cp.txt")"
MAIN=io.pikachu.netmodels.cli.NetModelsMain
ARGS=(--load "$LOAD" --duration "${SECS}s" --seed "$SEED")

java -cp "$CP" $MAIN netbench-scenario --netbench-topology "$TOPO" --out "$OUT" "${ARGS[@]}"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for i in $(seq 1 "$RUNS"); do
  rm -rf "$OUT/netbench-run"
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/nb-time-$i.txt" \
    java -jar "$NB/NetBench.jar" "$OUT/netbench.properties" > "$OUT/nb-$i.log" 2>&1
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/ours-time-$i.txt" \
    java -cp "$CP" $MAIN netbench-ours --out "$OUT" "${ARGS[@]}" > "$OUT/ours-$i.log" 2>&1
done

if [ -n "${NETBENCH_COUNT_JAR:-}" ]; then
  rm -rf "$OUT/netbench-run"
  java -jar "$NETBENCH_COUNT_JAR" "$OUT/netbench.properties" > "$OUT/nb-count.log" 2>&1
  NB_HOPS=$(grep -ho 'PACKET_HOPS [0-9]*' "$OUT/nb-count.log" "$OUT"/netbench-run/*.txt "$OUT"/netbench-run/*.log 2>/dev/null | head -1 | awk '{print $2}')
  # The timed runs wrote the flow log; the counting run must agree with them.
  rm -rf "$OUT/netbench-run"
  java -jar "$NB/NetBench.jar" "$OUT/netbench.properties" > /dev/null 2>&1
else
  NB_HOPS=""
fi
OUR_HOPS=$(grep -o '[0-9,]* packet-hops' "$OUT/ours-1.log" | head -1 | tr -d , | awk '{print $1}')

report() { # name prefix hops
  local name=$1 prefix=$2 hops=$3
  local wall cpu rss
  wall=$(for f in "$OUT"/$prefix-time-*.txt; do awk '{print $1}' "$f"; done | median)
  cpu=$(for f in "$OUT"/$prefix-time-*.txt; do awk '{print $2 + $3}' "$f"; done | median)
  rss=$(for f in "$OUT"/$prefix-time-*.txt; do awk '{print $4}' "$f"; done | median)
  printf '%-15s wall %6.2f s  CPU %6.2f s  peak RSS %5.0f MB' "$name" "$wall" "$cpu" "$(echo "$rss / 1024" | bc -l)"
  if [ -n "$hops" ]; then
    printf '  %s packet-hops, %.2f M per CPU-second' "$hops" "$(echo "$hops / $cpu / 1000000" | bc -l)"
  fi
  echo
}
echo "medians of $RUNS runs (whole process: JVM start, set-up, simulation, logs):"
report NetBench nb "$NB_HOPS"
report network-models ours "$OUR_HOPS"
java -cp "$CP" $MAIN netbench-compare --ours "$OUT/ours-flows.csv" \
  --netbench "$OUT/netbench-run/flow_completion.csv.log"
