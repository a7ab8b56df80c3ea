#!/usr/bin/env bash
# The tests, as CI runs them (.ci/run calls this): the whole suite against the default Hadoop line,
# then the checks that a line works (exactness, stepping aside, the AM plugin on the embedded
# cluster) against the other two lines Pikachu supports. Needs only a JDK 17 and Maven 3.8+.
# Times on the project's 2-core VM: about 25 min, 6 min and 6 min (docs/admin-guide.md, section 2).
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
