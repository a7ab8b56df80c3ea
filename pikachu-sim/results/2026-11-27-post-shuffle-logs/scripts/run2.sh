#!/bin/bash
# Runs under the lock: the sampler and one suite invocation.
python3 scripts/sampler.py /tmp/h32c/run2-cpu.txt 0.25 &
S=$!
cd /work/wt-h32c && mvn -q -o -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite "-Ddemo.args=--configs config-1 --apps wordcount --maps 12 --mb-per-map 8 --methods stock,two-stage,optimal --sweep 3 --no-refine --reps 1 --out /tmp/h32c/run2"
rc=$?
kill $S
exit $rc
