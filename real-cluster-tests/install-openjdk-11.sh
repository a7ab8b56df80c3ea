#!/usr/bin/env bash
# Installs OpenJDK 11 beside the machine's default JDK, from Debian's bullseye suite, so that the
# real-cluster test can run Hadoop 3.3 and 3.4 on a Java those lines support (their server side does
# not support Java 17; Java 8 does not install on bookworm: sid's openjdk-8 needs a newer libc).
#
#   real-cluster-tests/install-openjdk-11.sh      # as root, or through sudo; prints the JDK's home last
#
# What it changes: an apt source for the bullseye suite (same mirror and signing keyring as the
# machine's bookworm entry), pinned low so that nothing else is ever taken from it, and the package
# openjdk-11-jdk-headless from that suite. The default `java` stays what it was (update-alternatives
# keeps the higher-priority JDK). Running it again does nothing once the JDK is there.
# Debian bookworm only; needs root and the network to deb.debian.org.
set -euo pipefail

find_home() {
  for dir in /usr/lib/jvm/java-11-openjdk-*; do
    if [ -x "$dir/bin/java" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if home=$(find_home); then
  echo "OpenJDK 11 is already installed"
  echo "$home"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    exec sudo "$0" "$@"
  fi
  echo "install-openjdk-11.sh: needs root (apt-get), and there is no sudo" >&2
  exit 1
fi
. /etc/os-release
if [ "${ID:-}" != debian ] || [ "${VERSION_CODENAME:-}" != bookworm ]; then
  echo "install-openjdk-11.sh: written for Debian bookworm, not ${PRETTY_NAME:-this system}" >&2
  exit 1
fi

cat > /etc/apt/sources.list.d/debian-bullseye.sources <<'SOURCES'
# OpenJDK 11 for the real-cluster test (real-cluster-tests/install-openjdk-11.sh); pinned low in
# /etc/apt/preferences.d/debian-bullseye, so only what is asked for with -t bullseye comes from here.
Types: deb
URIs: http://deb.debian.org/debian
Suites: bullseye
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
cat > /etc/apt/preferences.d/debian-bullseye <<'PIN'
# Nothing from bullseye unless asked for by name (apt-get install -t bullseye ...).
Package: *
Pin: release n=bullseye
Pin-Priority: 10
PIN

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q -t bullseye --no-install-recommends openjdk-11-jdk-headless

home=$(find_home)
"$home/bin/java" -version
echo "$home"
