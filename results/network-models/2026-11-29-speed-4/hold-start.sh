#!/bin/bash
O=$1; L=/tmp/h46e/drive.log
echo "hold start ($O) queued $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg)" >> $L
flock /tmp/heavy.lock bash -c "
echo \"hold start: got lock \$(date -u +%FT%TZ); loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
/tmp/h46e/ab-start.sh $O 12 main /tmp/h46e/nm-824b27b.jar branch /tmp/h46e/nm-7501a7a.jar > /dev/null 2>&1
echo \"hold start: released \$(date -u +%FT%TZ) rc \$?; loadavg \$(cut -d' ' -f1-3 /proc/loadavg)\" >> $L
"
