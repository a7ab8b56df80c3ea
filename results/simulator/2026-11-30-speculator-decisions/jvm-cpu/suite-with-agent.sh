#!/bin/bash
# Runs the suite with the Java agent (agent/CpuAgent.java) in every task JVM and the node managers' container
# lines logged at INFO, then restores the demo's logging. Afterwards /tmp/pikachu-agent/jvmcpu.log holds one
# line per task JVM and /tmp/pikachu-agent/nm.log the NMs' lines (which node launched each container, when).
# Used by ../run.sh cpu-run and ../../../advisor/2026-11-30-map-phase-recheck/run.sh runs-with-agent.
# Usage: suite-with-agent.sh <the suite's arguments>   (holds the shared lock while the suite runs)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
A=/tmp/pikachu-agent
mkdir -p "$A"
javac --release 8 -d "$A/classes" "$HERE/agent/CpuAgent.java"
printf 'Premain-Class: CpuAgent\n' > "$A/manifest.txt"
jar cfm "$A/cpu.jar" "$A/manifest.txt" -C "$A/classes" .
rm -f "$A/jvmcpu.log" "$A/nm.log"  # the agent and the NMs append
L="$ROOT/bench-suite/src/demo/log4j.properties"
cp "$L" "$A/log4j.orig"
trap 'cp "$A/log4j.orig" "$L"' EXIT
for logger in containermanager.container.ContainerImpl DefaultContainerExecutor; do
  printf '%s\n' "log4j.logger.org.apache.hadoop.yarn.server.nodemanager.$logger=INFO, nmfile" \
    "log4j.additivity.org.apache.hadoop.yarn.server.nodemanager.$logger=false" >> "$L"
done
printf '%s\n' 'log4j.appender.nmfile=org.apache.log4j.FileAppender' "log4j.appender.nmfile.File=$A/nm.log" \
  'log4j.appender.nmfile.layout=org.apache.log4j.PatternLayout' \
  'log4j.appender.nmfile.layout.ConversionPattern=%d{ISO8601} [%t] %c{1} - %m%n' >> "$L"
(cd "$ROOT" && flock /tmp/heavy.lock nice -n 5 mvn -B -q -o -Pdemo -DskipTests package -pl bench-suite -am \
  -Ddemo.command=suite "-Ddemo.args=$* -D mapreduce.map.env=JAVA_TOOL_OPTIONS=-javaagent:$A/cpu.jar \
  -D mapreduce.reduce.env=JAVA_TOOL_OPTIONS=-javaagent:$A/cpu.jar") > /dev/null 2>&1
