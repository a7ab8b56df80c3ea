#!/bin/bash
# Issue 45: advise --pairs on the three committed history sets after the simulated speculator came to decide
# no copy while a map waits for a container (DefaultSpeculator's mapContainerNeeds): the same commands as
# ../2026-11-29-speculation/run.sh, writing here; the intervals are re-derived from the pairs set.
# Deterministic: no timing is reported; needs no lock.
# Usage: results/advisor/2026-11-30-container-needs/run.sh build|advise [set...]|plain
set -euo pipefail
OUT="$(cd "$(dirname "$0")" && pwd)" exec "$(dirname "$0")/../2026-11-29-speculation/run.sh" "$@"
