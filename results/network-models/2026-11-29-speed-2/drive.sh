#!/bin/bash
# One hold of the shared lock: the paired DRILL points (6 rounds), then the NetBench comparison (6 pairs).
R=/work/wt-h46c/results/network-models/2026-11-29-speed-2
S=/tmp/h46c/speed2
echo "queued $(date -u +%FT%TZ)" > $S/drive.log
flock /tmp/heavy.lock bash -c "
echo \"got lock \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $S/drive.log
$R/paired.sh $S/before-9813a00.jar $S/after-2c32fc4.jar $S/paired 6 >> $S/drive.log 2>&1
echo \"netbench start \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $S/drive.log
env OURS=$S/after-2c32fc4.jar RUNS=6 OUT=$S/netbench /work/wt-h46c/network-models/bench/netbench-compare.sh /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 0.6 2 1 > $S/netbench.console 2>&1
echo \"netbench end \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg) rc \$?\" >> $S/drive.log
"
