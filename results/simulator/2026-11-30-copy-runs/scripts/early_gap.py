"""Of the traced runs whose fast node ran a second-wave map within 10 s of its launch (from
second-wave-fast-maps.txt, wave2.py's output): how long before the node's next launch, a map's or a
reducer's, that map was launched. Usage: python3 early_gap.py second-wave-fast-maps.txt"""
import re
import statistics as st
import sys

gaps = []
for line in open(sys.argv[1]):
    maps = [(float(a), float(b)) for a, b in re.findall(r'([\d.]+)>([\d.]+)', line)]
    reducers = [float(x) for x in re.search(r'red@([\d.,]+)', line).group(1).split(',')]
    early = [m for m in maps if m[1] - m[0] < 10]
    if not early:
        continue
    first = min(early)
    gaps.append(min([m[0] for m in maps if m != first] + reducers) - first[0])
print(f"{len(gaps)} runs with a second-wave fast-node map running within 10 s of its launch; it was launched "
      f"a median {st.median(gaps):.2f} s before the node's next launch (at least 1 s in "
      f"{sum(g >= 1 for g in gaps)}, at least 0.5 s in {sum(g >= 0.5 for g in gaps)})")
