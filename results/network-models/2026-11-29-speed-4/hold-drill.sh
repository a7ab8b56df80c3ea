#!/bin/bash
# Hold: paired DRILL point, jar A (main) vs jar B (branch), ROUNDS rounds
O=$1; R=$2; A=$3; B=$4; L=/tmp/h46e/drive.log
echo "hold drill ($O) queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $L
flock /tmp/heavy.lock bash -c "
echo \"hold drill: got lock \$(date -u +%FT%TZ); loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
/work/wt-h46e/results/network-models/2026-11-29-speed-3/paired.sh $O $R main '-jar $A' branch '-jar $B' > $O.console 2>&1
rc=\$?
echo \"hold drill: released \$(date -u +%FT%TZ) rc \$rc; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
"
