#!/bin/bash
# Hold 1 of the shared lock: the paired full-scale DRILL points, G1 against ParallelGC (same jar).
# This helper's own nice-19 fidelity scoring is paused (SIGSTOP) for the hold and resumed after.
S=/tmp/h46d/sp3
R=/work/wt-h46d/results/network-models/2026-11-29-speed-3
FID=$(cat /tmp/h46d/fid.pid)
echo "queued $(date -u +%FT%TZ)" >> $S/drive.log
flock /tmp/heavy.lock bash -c "
kill -STOP $FID 2>/dev/null
echo \"hold 1: got lock \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $S/drive.log
$R/paired.sh $S/gc 5 g1 '-jar $S/nm-a194b57.jar' par '-XX:+UseParallelGC -jar $S/nm-a194b57.jar' >> $S/drive.log 2>&1
echo \"hold 1: released \$(date -u +%FT%TZ) loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $S/drive.log
kill -CONT $FID 2>/dev/null
"
