#!/bin/bash
# seed 002 over 5 seeds, under the lock, 2 threads
echo "waiting for lock $(date -u +%FT%TZ)"
exec flock /tmp/heavy.lock bash -c 'echo "lock taken $(date -u +%FT%TZ) load $(cut -d" " -f1-3 /proc/loadavg)"; /usr/bin/time -v java -jar /tmp/h46f/fid.jar fidelity --groups 002 --threads 2 --cache /tmp/h46f/fcache --out /tmp/h46f/fout; rc=$?; echo "done $(date -u +%FT%TZ) rc=$rc"'
