#!/usr/bin/env bash
# Builds NetBench (github.com/ndal-eth/netbench) from its public source at a pinned commit, twice:
#   DEST/netbench/NetBench.jar          as published: the jar netbench-compare.sh times;
#   DEST/netbench-counting/NetBench.jar with netbench-packet-hops.patch applied: it prints
#                                       "PACKET_HOPS n" at the end, run once and untimed.
# NetBench's code is not part of this repository: this script only fetches and builds it.
#
# Usage, from anywhere:  network-models/bench/netbench-build.sh [DEST]   (DEST: target/netbench)
#   NETBENCH_GIT=<url or path of a clone> picks another source of the same commit (a mirror).
# Needs git, a JDK (17 works: NetBench compiles for Java 8) and Maven; NetBench's own build plugins
# come from Maven Central. Then:
#   flock /tmp/heavy.lock network-models/bench/netbench-compare.sh DEST/netbench DEST/netbench-counting/NetBench.jar
set -euo pipefail
trap 'echo "netbench-build.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
COMMIT=43b4fbaf8c7f4d62fc2e03f5c97bfa53374cc5c1   # "License clarification", the commit compared
SRC=${NETBENCH_GIT:-https://github.com/ndal-eth/netbench.git}
DEST=$(mkdir -p "${1:-$REPO/target/netbench}" && cd "${1:-$REPO/target/netbench}" && pwd)
PATCH=$REPO/network-models/bench/netbench-packet-hops.patch

checkout() { # DIR: a clean checkout of $COMMIT
  local dir=$1
  if [ ! -d "$dir/.git" ]; then
    rm -rf "$dir"
    git clone --quiet --no-checkout "$SRC" "$dir"
  fi
  # Only what the build and the comparison read: the repository also holds gigabytes of its
  # paper's results and path caches.
  git -C "$dir" sparse-checkout set --no-cone /pom.xml /src/ /example/
  git -C "$dir" checkout --quiet --force --detach "$COMMIT"
  git -C "$dir" clean --quiet -fdx
  local head
  head=$(git -C "$dir" rev-parse HEAD)
  [ "$head" = "$COMMIT" ] || { echo "$dir is at $head, not $COMMIT" >&2; exit 2; }
}

build() { # DIR: NetBench's README build, tests skipped (they are NetBench's, not ours to judge)
  (cd "$1" && mvn -B -q clean compile assembly:single -DskipTests)
  [ -f "$1/NetBench.jar" ] || { echo "no NetBench.jar in $1 after the build" >&2; exit 2; }
}

checkout "$DEST/netbench"
build "$DEST/netbench"
checkout "$DEST/netbench-counting"
git -C "$DEST/netbench-counting" apply "$PATCH"
build "$DEST/netbench-counting"
echo "NetBench $COMMIT built:"
echo "  timed:    $DEST/netbench/NetBench.jar"
echo "  counting: $DEST/netbench-counting/NetBench.jar"
