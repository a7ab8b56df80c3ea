#!/bin/bash
# Runs under the lock: the sampler and one suite invocation.
python3 scripts/sampler.py /tmp/h32c/run3-cpu.txt 0.25 &
S=$!
cd /work/wt-h32c && mvn -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite "-Ddemo.args=--configs config-1 --apps sort --maps 12 --mb-per-map 4 --methods stock,optimal --sweep 5 --no-refine --reps 2 --out /tmp/h32c/run3"
rc=$?
kill $S
exit $rc
