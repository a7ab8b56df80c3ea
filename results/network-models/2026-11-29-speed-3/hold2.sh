#!/bin/bash
# Hold 2 of the shared lock: the NetBench comparison, 6 pairs, main's engine (jar of a194b57).
# This helper's own nice-19 fidelity scoring is paused (SIGSTOP) for the hold and resumed after.
S=/tmp/h46d/sp3
FID=$(cat /tmp/h46d/fid.pid)
echo "hold 2 queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $S/drive.log
flock /tmp/heavy.lock bash -c "
kill -STOP $FID 2>/dev/null
echo \"hold 2: got lock \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg); uptime: \$(uptime)\" >> $S/drive.log
env OURS=$S/nm-a194b57.jar RUNS=6 OUT=$S/netbench /work/wt-h46d/network-models/bench/netbench-compare.sh /tmp/h46b/nb/netbench /tmp/h46b/nb/netbench-counting/NetBench.jar 0.6 2 1 > $S/netbench.console 2>&1
rc=\$?
echo \"hold 2: released \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg) rc \$rc; uptime: \$(uptime)\" >> $S/drive.log
kill -CONT $FID 2>/dev/null
"
