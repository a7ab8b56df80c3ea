#!/usr/bin/env bash
# The NetBench comparison: one scenario (k=4 fat-tree, ECMP, NewReno, web-search sizes, Poisson
# all-to-all) on NetBench and on network-models, RUNS times each in pairs (NetBench, ours,
# NetBench, ours, ...), so that a drift of the machine's speed hits both alike. Prints each pair,
# the medians, the lowest and highest pair ratio (the worst pairing), and the FCTs of both.
#
# Usage, from the repository root, under the shared lock so the machine is otherwise idle:
#   mvn -B -q -pl network-models package -DskipTests
#   flock /tmp/heavy.lock network-models/bench/netbench-compare.sh NETBENCH_DIR COUNTING.jar [LOAD] [SECONDS] [SEED]
# NETBENCH_DIR is a checkout of NetBench (github.com/ndal-eth/netbench, commit 43b4fba) with
# NetBench.jar built in it as its README says; that jar is timed, and the checkout's
# example/topologies/fat_tree/fat_tree_k4.topology is the topology. COUNTING.jar is NetBench
# built from the same commit with network-models/bench/netbench-packet-hops.patch applied
# (git apply), which prints "PACKET_HOPS n" at the end; it runs once, untimed, to count
# NetBench's packet-hops. network-models/bench/netbench-build.sh DEST makes both (DEST/netbench and
# DEST/netbench-counting/NetBench.jar). Neither NetBench nor its jars are part of this repository.
# RUNS=N (6) sets the number of pairs.
# Ours runs as its users start it, through network-models/bin/network-models, which keeps the jar's
# classes in an AppCDS archive (see that script); one untimed run of ours before the pairs makes the
# archive, as NetBench's untimed counting run comes before them. OURS_CDS=off runs plain java -jar.
set -euo pipefail
# Any failing step names itself: a bare exit status would leave the user guessing.
trap 'echo "netbench-compare.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NB_DIR=${1:?NetBench checkout}
NB_JAR=$NB_DIR/NetBench.jar
COUNT_JAR=${2:?NetBench.jar built with netbench-packet-hops.patch}
LOAD=${3:-0.6}
SECS=${4:-2}
SEED=${5:-1}
OUT=${OUT:-$REPO/target/netbench-compare}
RUNS=${RUNS:-6}
for f in "$NB_JAR" "$COUNT_JAR"; do [ -f "$f" ] || { echo "no such file: $f" >&2; exit 2; }; done
# The jar the build makes (the pom's finalName); OURS=... points at another one.
OURS=${OURS:-$REPO/network-models/target/network-models.jar}
[ -f "$OURS" ] || { echo "no such file: $OURS (build it: mvn -B -q -pl network-models package -DskipTests)" >&2; exit 2; }
TOPO=$NB_DIR/example/topologies/fat_tree/fat_tree_k4.topology
[ -f "$TOPO" ] || { echo "no such file: $TOPO" >&2; exit 2; }
mkdir -p "$OUT"
rm -f "$OUT/pairs.txt"
case ${OURS_CDS:-auto} in auto | off) ;; *) echo "OURS_CDS must be auto or off, not '$OURS_CDS'" >&2; exit 2 ;; esac
# The launcher users run, on the jar under test, its archive kept with this comparison.
LAUNCH=(env NETMODELS_JAR="$OURS" NETMODELS_CDS="${OURS_CDS:-auto}" NETMODELS_CDS_DIR="$OUT/cds"
  "$REPO/network-models/bin/network-models")
rm -rf "$OUT/cds"
ARGS=(--load "$LOAD" --duration "${SECS}s" --seed "$SEED")

java -jar "$OURS" netbench-scenario --netbench-topology "$TOPO" --out "$OUT" "${ARGS[@]}"

# NetBench's packet-hops: one untimed run of the counting build (the run is deterministic).
rm -rf "$OUT/netbench-run"
java -jar "$COUNT_JAR" "$OUT/netbench.properties" > "$OUT/nb-count.log" 2>&1
NB_HOPS=$(grep -o 'PACKET_HOPS [0-9]*' "$OUT/nb-count.log" | awk '{print $2}' || true)
[ -n "$NB_HOPS" ] || { echo "$COUNT_JAR printed no PACKET_HOPS line: is the patch applied?" >&2; exit 2; }
# Ours once, untimed: with OURS_CDS=auto this run makes the class archive the timed runs map.
"${LAUNCH[@]}" netbench-ours --out "$OUT" "${ARGS[@]}" > "$OUT/ours-0.log" 2>&1
[ "${OURS_CDS:-auto}" = off ] || compgen -G "$OUT/cds/netbench-ours-*.jsa" > /dev/null \
  || { echo "the launcher made no class archive in $OUT/cds (see $OUT/ours-0.log)" >&2; exit 2; }

echo "pair  NetBench: wall CPU RSS(MB)  |  ours: wall CPU RSS(MB)  |  packet-hops per CPU-second, ours / NetBench"
for i in $(seq 1 "$RUNS"); do
  rm -rf "$OUT/netbench-run"
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/nb-time-$i.txt" \
    java -jar "$NB_JAR" "$OUT/netbench.properties" > "$OUT/nb-$i.log" 2>&1
  /usr/bin/time -f "%e %U %S %M" -o "$OUT/ours-time-$i.txt" \
    "${LAUNCH[@]}" netbench-ours --out "$OUT" "${ARGS[@]}" > "$OUT/ours-$i.log" 2>&1
  OUR_HOPS=$(grep -o '[0-9,]* packet-hops' "$OUT/ours-$i.log" | head -1 | tr -d , | awk '{print $1}' || true)
  [ -n "$OUR_HOPS" ] || { echo "our run printed no packet-hops: see $OUT/ours-$i.log" >&2; exit 2; }
  read -r nw nu ns nm < "$OUT/nb-time-$i.txt"
  read -r ow ou os om < "$OUT/ours-time-$i.txt"
  awk -v i="$i" -v nw="$nw" -v nc="$(awk -v a="$nu" -v b="$ns" 'BEGIN {print a + b}')" -v nm="$nm" -v nh="$NB_HOPS" \
      -v ow="$ow" -v oc="$(awk -v a="$ou" -v b="$os" 'BEGIN {print a + b}')" -v om="$om" -v oh="$OUR_HOPS" 'BEGIN {
    printf "%d  %.2f s %.2f s %.0f  |  %.2f s %.2f s %.0f  |  %.3f M / %.3f M = %.2fx\n",
      i, nw, nc, nm / 1024, ow, oc, om / 1024, oh / oc / 1e6, nh / nc / 1e6, (oh / oc) / (nh / nc) }' \
    | tee -a "$OUT/pairs.txt"
done

echo "NetBench: $NB_HOPS packet-hops; ours: $OUR_HOPS packet-hops"
awk '{print $NF + 0}' "$OUT/pairs.txt" | sort -g | awk '{r[NR] = $1} END {
  n = NR; med = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
  printf "pair ratios (ours / NetBench, packet-hops per CPU-second of the whole process), %d pairs:\n", n
  printf "  median %.2fx, lowest (worst pairing) %.2fx, highest %.2fx", med, r[1], r[n]
  if (n >= 6) printf "; lowest to highest is a %.1f%% interval for the median", 100 * (1 - 2 / 2 ^ n)
  printf "\n" }'
java -jar "$OURS" netbench-compare --ours "$OUT/ours-flows.csv" \
  --netbench "$OUT/netbench-run/flow_completion.csv.log"
