#!/bin/sh
# Seed 000 chapter 3: every Duet figure at full scale (Figs. 3.16-3.20), seed 1, CSV and SVG.
# Usage: NM_CP=... duet-all.sh OUTDIR [SEED]
out=${1:?out dir}; seed=${2:-1}
/usr/bin/time -v "$(dirname "$0")/run-java.sh" all --scale full --seed "$seed" --out "$out" > "$out/console.txt" 2> "$out/time.txt"
