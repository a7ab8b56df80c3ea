#!/bin/bash
# Issue 45: advise --pairs on the three committed history sets after the replay's first reducers came to
# launch when each history's did after slow start, and a one-slot node came to be measured by the maps it
# ran before them: the same commands as ../2026-11-29-speculation/run.sh, writing here; the intervals are
# re-derived from the pairs set.
# Deterministic: no timing is reported; needs no lock.
# Usage: results/advisor/2026-11-30-reducer-launch/run.sh build|advise [set...]|plain
set -euo pipefail
OUT="$(cd "$(dirname "$0")" && pwd)" exec "$(dirname "$0")/../2026-11-29-speculation/run.sh" "$@"
