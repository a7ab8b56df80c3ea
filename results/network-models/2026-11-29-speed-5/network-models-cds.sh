#!/usr/bin/env bash
# Runs the network-models jar with the JVM's application class-data sharing (AppCDS): the first run
# of a command through this script records the classes it loaded into an archive beside the jar
# (-XX:ArchiveClassesAtExit); every later run of that command maps them from the archive
# (-XX:SharedArchiveFile) instead of reading, parsing and verifying them from the jar again. Same program, same outputs: only
# the JVM's start is cheaper. A run of a few seconds (the NetBench comparison's) spends a good part of
# its CPU starting the JVM; a run of minutes does not notice.
#
# Usage:  network-models/bin/network-models COMMAND [OPTIONS]      (exactly as java -jar network-models.jar)
# Environment:
#   NETMODELS_JAR        the jar (default: ../target/network-models.jar beside this script)
#   NETMODELS_CDS        auto (default): use the archive, making it on the first run; off: plain java -jar
#   NETMODELS_CDS_DIR    where archives are kept (default: a cds/ folder beside the jar)
#   NETMODELS_JAVA_OPTS  more JVM options, e.g. -Xmx4g
#   JAVA_HOME            the JDK to run (default: java on PATH); 17 or later
# An archive holds one command of one jar build on one JVM build: it is named after the three (the
# command, the jar's size and time, the java binary's path and time), so a rebuilt jar or another JDK
# gets its own, made on its first run. If
# the archive cannot be written (a read-only folder), the run goes on without it.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JAR=${NETMODELS_JAR:-$HERE/../target/network-models.jar}
[ -f "$JAR" ] || { echo "network-models: no jar at $JAR (build it: mvn -B -q -pl network-models package -DskipTests)" >&2; exit 2; }
JAR=$(cd "$(dirname "$JAR")" && pwd)/$(basename "$JAR")
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
JAVA_BIN=$(readlink -f "$(command -v "$JAVA")" 2>/dev/null || true)
[ -n "$JAVA_BIN" ] || { echo "network-models: no java found (${JAVA_HOME:+JAVA_HOME=$JAVA_HOME, }PATH)" >&2; exit 2; }
read -r -a OPTS <<< "${NETMODELS_JAVA_OPTS:-}"

case ${NETMODELS_CDS:-auto} in
  off) exec "$JAVA_BIN" "${OPTS[@]}" -jar "$JAR" "$@" ;;
  auto) ;;
  *) echo "network-models: NETMODELS_CDS must be auto or off, not '${NETMODELS_CDS}'" >&2; exit 2 ;;
esac

DIR=${NETMODELS_CDS_DIR:-$(dirname "$JAR")/cds}
KEY=$(printf '%s\n' "$(stat -c '%s %Y' "$JAR")" "$JAVA_BIN $(stat -c '%s %Y' "$JAVA_BIN")" | cksum | cut -d' ' -f1)
# The command's name as a file name: letters, digits and dashes (--help and the like give "help").
CMD=$(printf '%s' "${1:-none}" | tr -c 'A-Za-z0-9-' '_' | sed 's/^-*//')
ARCHIVE=$DIR/${CMD:-none}-$KEY.jsa
if [ -f "$ARCHIVE" ]; then
  exec "$JAVA_BIN" -XX:SharedArchiveFile="$ARCHIVE" "${OPTS[@]}" -jar "$JAR" "$@"
fi
if ! mkdir -p "$DIR" 2>/dev/null || [ ! -w "$DIR" ]; then
  exec "$JAVA_BIN" "${OPTS[@]}" -jar "$JAR" "$@"
fi
# First run for this jar and JVM: record the classes at exit, into a file of this process's own that
# is renamed into place only when complete, so a concurrent run never maps a half-written archive.
TMP=$ARCHIVE.$$.tmp
rc=0
"$JAVA_BIN" -XX:ArchiveClassesAtExit="$TMP" -Xlog:cds=off -Xlog:cds+dynamic=off "${OPTS[@]}" -jar "$JAR" "$@" || rc=$?
if [ -s "$TMP" ]; then mv -f "$TMP" "$ARCHIVE"; else rm -f "$TMP"; fi
exit "$rc"
