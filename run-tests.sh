#!/usr/bin/env bash
# The tests, as CI runs them (.ci/run calls this): the whole suite against the default Hadoop line,
# then the checks that a line works (exactness, stepping aside, the AM plugin on the embedded
# cluster) against Hadoop 3.3.6 (with --all-lines also 3.4.2); with --real-cluster, then the admin
# jar on a real multi-process Hadoop 3.3.6 cluster. Needs only a JDK 17 and Maven 3.8+.
set -euo pipefail
cd "$(dirname "$0")"
step() {
  echo
  echo "== $* =="
  local start=$SECONDS
  "$@"
  echo "== done in $((SECONDS - start)) s: $* =="
}
step results/check.sh
step mvn -B verify
step mvn -B -P hadoop-3.3,lines -pl integration-tests -am verify
# Hadoop 3.4.2, whose shuffle handler is 3.5's (3.3's is the older one), runs with --all-lines, so that this command stays
# within CI's budget (45 minutes on a 2-core machine); 3.3.6, the line furthest from the default, always.
if [ "${1:-}" = --all-lines ] || [ "${2:-}" = --all-lines ]; then
  step mvn -B -P hadoop-3.4,lines -pl integration-tests -am verify
fi
# The admin jar on a real multi-process Hadoop 3.3.6 cluster (about 20 minutes more) runs only when asked,
# so that this command stays within CI's budget: ./run-tests.sh --real-cluster. Its daemons, AMs and
# tasks run on Java 11 where one is installed (real-cluster-tests/install-openjdk-11.sh), else on this JDK.
if [ "${1:-}" = --real-cluster ] || [ "${2:-}" = --real-cluster ]; then
  java11=$(ls -d /usr/lib/jvm/java-11-openjdk-* 2>/dev/null | head -1 || true)
  if [ -n "$java11" ] && [ -x "$java11/bin/java" ]; then
    step mvn -B -P hadoop-3.3,real-cluster -pl real-cluster-tests -am verify "-Drealcluster.java.home=$java11"
  else
    echo "no OpenJDK 11 under /usr/lib/jvm (real-cluster-tests/install-openjdk-11.sh installs it):" \
      "the real-cluster test runs on this JDK"
    step mvn -B -P hadoop-3.3,real-cluster -pl real-cluster-tests -am verify
  fi
fi
