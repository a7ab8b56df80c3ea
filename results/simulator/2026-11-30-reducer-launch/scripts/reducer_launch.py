"""When each run's first reducers launched: seconds from the end of the map that met slow start
(0.05 of the maps, Hadoop's default) to the first reducer's launch, with the next map's launch on a
freed slot beside it (a map's container delay), by cluster and method. Reads a run set's tasks.csv."""
import collections
import csv
import glob
import math
import statistics
import sys


def run(path):
    maps, reducers = [], []
    for r in csv.DictReader(open(path)):
        (maps if r["type"] == "map" else reducers).append(r)
    if not reducers or not maps:
        return None
    ends = sorted(float(m["finish_s"]) for m in maps if m["finish_s"])
    met = ends[max(1, math.ceil(0.05 * len(ends) - 1e-9)) - 1]
    first = min(float(r["start_s"]) for r in reducers)
    gaps = []
    for m in maps:
        later = [float(n["start_s"]) - float(m["finish_s"]) for n in maps
                 if n["node"] == m["node"] and float(n["start_s"]) >= float(m["finish_s"])]
        if later and min(later) < 30:
            gaps.append(min(later))
    done = sum(1 for e in ends if e <= first)
    return first - met, statistics.median(gaps) if gaps else float("nan"), done, len(ends)


groups = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + "/**/tasks.csv", recursive=True)):
    parts = f.split("/runs/")[-1].split("/")
    r = run(f)
    if r:
        method = "fixed P" if parts[2].startswith("fixed") else parts[2]
        groups[(parts[1], method)].append(r)
print("| cluster | method | runs | first reducers after the slow-start map, s: median [min, max] | next map on a freed slot, s (median of run medians) | maps done at the first reducer's launch (median, of) |")
print("| --- | --- | --- | --- | --- | --- |")
every = []
for (cluster, method), v in sorted(groups.items()):
    d = sorted(x[0] for x in v)
    every += d
    print(f"| {cluster} | {method} | {len(v)} | {statistics.median(d):.2f} [{d[0]:.2f}, {d[-1]:.2f}] "
          f"| {statistics.median(x[1] for x in v):.2f} | {statistics.median(x[2] for x in v):g} of {v[0][3]} |")
every.sort()
n = len(every)
print(f"\nAll {n} runs: median {statistics.median(every):.2f} s, 10th percentile {every[n // 10]:.2f}, "
      f"90th {every[(9 * n) // 10]:.2f}")
