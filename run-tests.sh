#!/usr/bin/env bash
# The tests, as CI runs them (.ci/run calls this): the whole suite against the default Hadoop line,
# then the checks that a line works (exactness, stepping aside, the AM plugin on the embedded
# cluster) against the other two lines Pikachu supports. Needs only a JDK 17 and Maven 3.8+.
# Times on the project's 2-core VM: about 25 min, 6 min and 6 min (docs/admin-guide.md, section 2).
# With PIKACHU_REAL_CLUSTER=1 it ends with the admin jar on a real multi-process Hadoop 3.3.6 cluster
# (docs/admin-guide.md, section 9): 24.5 min more on that VM, which would take the test command past
# its 45-minute budget, so it is not on by default and CI does not run it.
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
step mvn -B -P hadoop-3.4,lines -pl integration-tests -am verify
if [ "${PIKACHU_REAL_CLUSTER:-0}" != 1 ]; then
  exit 0
fi
# The admin jar installed on a real multi-process Hadoop 3.3.6 cluster with 3.3.6's own libraries, its
# daemons, AMs and tasks on Java 11 where one is installed (real-cluster-tests/install-openjdk-11.sh
# installs it), else on this JDK.
java11=$(ls -d /usr/lib/jvm/java-11-openjdk-* 2>/dev/null | head -1 || true)
if [ -n "$java11" ] && [ -x "$java11/bin/java" ]; then
  step mvn -B -P hadoop-3.3,real-cluster -pl real-cluster-tests -am verify "-Drealcluster.java.home=$java11"
else
  echo "no OpenJDK 11 under /usr/lib/jvm (real-cluster-tests/install-openjdk-11.sh installs it):" \
    "the real-cluster test runs on this JDK"
  step mvn -B -P hadoop-3.3,real-cluster -pl real-cluster-tests -am verify
fi
