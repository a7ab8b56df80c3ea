#!/bin/bash
# Hold: (1) the NetBench comparison, 6 pairs, branch jar; (2) paired A/B of netbench-ours, main jar vs branch jar, 8 rounds
J=$1; M=$2; O=$3; L=/tmp/h46e/drive.log
echo "hold nb2 ($O) queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $L
flock /tmp/heavy.lock bash -c "
echo \"hold nb2: got lock \$(date -u +%FT%TZ); loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
env OURS=$J RUNS=6 OUT=$O/compare /tmp/h46e/wt-suite/network-models/bench/netbench-compare.sh /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 0.6 2 1 > $O/compare.console 2>&1
echo \"hold nb2: compare done \$(date -u +%FT%TZ) rc \$?; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
/tmp/h46e/ab-ours.sh $O/compare $O/ab 8 main $M branch $J > /dev/null 2>&1
echo \"hold nb2: released \$(date -u +%FT%TZ) rc \$?; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
"
