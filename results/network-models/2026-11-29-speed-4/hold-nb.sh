#!/bin/bash
# Hold: NetBench comparison, 6 pairs, jar $1, output $2
J=$1; O=$2; L=/tmp/h46e/drive.log
echo "hold nb ($O) queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $L
flock /tmp/heavy.lock bash -c "
echo \"hold nb: got lock \$(date -u +%FT%TZ); loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
env OURS=$J RUNS=\${RUNS:-6} OUT=$O /work/wt-h46e/network-models/bench/netbench-compare.sh /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 0.6 2 1 > $O.console 2>&1
rc=\$?
echo \"hold nb: released \$(date -u +%FT%TZ) rc \$rc; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
"
