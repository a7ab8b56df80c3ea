#!/bin/bash
# Hold: the default network-models suite, timed: mvn -B -o -pl network-models -am verify in /tmp/h46e/wt-suite
O=$1; L=/tmp/h46e/drive.log; mkdir -p $O
echo "hold suite ($O) queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $L
flock /tmp/heavy.lock bash -c "
echo \"hold suite: got lock \$(date -u +%FT%TZ); loadavg \$(cut -d' ' -f1-3 /proc/loadavg); head \$(git -C /tmp/h46e/wt-suite rev-parse --short HEAD)\" >> $L
cd /tmp/h46e/wt-suite && /usr/bin/time -f '%e s wall, %U s user, %S s system' -o $O/verify.time mvn -B -o -pl network-models -am verify > $O/verify.log 2>&1
rc=\$?
echo \"hold suite: released \$(date -u +%FT%TZ) rc \$rc; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
cp -r /tmp/h46e/wt-suite/network-models/target/surefire-reports $O/ 2>/dev/null
"
