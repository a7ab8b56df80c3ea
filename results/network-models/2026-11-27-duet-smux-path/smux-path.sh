#!/usr/bin/env bash
# Duet Fig. 3.17 with the SMux's software-path delay fixed (the figures') and spread (log-normal with
# Fig. 3.1(a)'s no-load median 196 us and 90th percentile 1 ms, section 3.2.2), workload seeds 1-5;
# then the latency quantiles of one SMux against its load under both (Probe.java).
# Usage: JAR=<network-models.jar> smux-path.sh OUT
# Deterministic: run under nice -n 19 without the shared lock.
set -euo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/runs"
for path in fixed spread; do
  for s in 1 2 3 4 5; do
    nice -n 19 java -jar "$JAR" fig17 --seed "$s" --smux-path "$path" --out "$out/tmp" \
      > "$out/runs/$path-seed$s.txt"
    cp "$out/tmp/fig17.csv" "$out/runs/$path-seed$s.csv"
    if [ "$s" = 1 ]; then cp "$out/tmp/fig17.svg" "$out/runs/$path-seed$s.svg"; fi
  done
done
rm -rf "$out/tmp"
mkdir -p "$out/probe"
javac -cp "$JAR" -d "$out/probe" "$here/Probe.java"
nice -n 19 java -cp "$JAR:$out/probe" Probe > "$out/quantiles.txt"
