#!/bin/bash
# One suite invocation with scripts/sampler.py reading every task JVM's CPU; run it under the lock:
#   flock /tmp/heavy.lock scripts/run-sampled.sh <samples file> "<suite arguments>"
python3 "$(dirname "$0")/sampler.py" "$1" 0.25 &
S=$!
(cd /work/wt-h32c && mvn -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite "-Ddemo.args=$2")
rc=$?
kill $S
exit $rc
