#!/usr/bin/env bash
# Checks that every analysis script kept with a run set still parses: Python 3 (standard library) and
# bash. The Java files kept with run sets (probes, an agent, experiment programs) are compiled only against
# the commit their run set's README names, since the module APIs they call move on; they are records, not tools.
set -euo pipefail
cd "$(dirname "$0")"
status=0
while IFS= read -r -d '' f; do
  python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])' "$f" || { echo "does not parse: results/$f"; status=1; }
done < <(find . -name '*.py' -print0)
while IFS= read -r -d '' f; do
  bash -n "$f" || { echo "does not parse: results/$f"; status=1; }
done < <(find . -name '*.sh' ! -name check.sh -print0)
[ "$status" -eq 0 ] && echo "results/: $(find . -name '*.py' | wc -l) Python and $(find . -name '*.sh' ! -name check.sh | wc -l) shell scripts parse"
exit "$status"
