#!/bin/bash
# Run under flock /tmp/heavy.lock: the NetBench comparison (6 pairs) and the full-scale DRILL point, twice,
# with this helper's own nice-19 experiment processes (java -jar /tmp/h46b2/exp.jar) stopped meanwhile.
OUT=/tmp/h46b2/speed
PIDS=$(pgrep -f '^java -jar /tmp/h46b2/exp.jar' | tr '\n' ' ')
[ -n "$PIDS" ] && kill -STOP $PIDS
trap '[ -n "$PIDS" ] && kill -CONT $PIDS' EXIT
echo "got lock $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg); stopped: $PIDS"
OURS=/tmp/h46b2/exp.jar RUNS=6 OUT=$OUT/netbench /work/wt-h46b/network-models/bench/netbench-compare.sh \
  /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 2>&1 | tee $OUT/netbench.console
for r in 1 2; do
  echo "drill point $r start $(date -u +%T) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -f "time wall %e user %U sys %S maxrss_kb %M" java -jar /tmp/h46b2/exp.jar drill-run --scheme drill --load 0.9 \
    > $OUT/drill-$r.txt 2>&1
  grep -E "simulated in|^time|mean" $OUT/drill-$r.txt
done
echo "end $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
