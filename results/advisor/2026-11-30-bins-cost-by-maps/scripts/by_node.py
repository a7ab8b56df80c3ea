"""Per node class and method: the maps' median duration, the maps each class ran per run, and the
reducers' median CPU counter (core-s), from each folder's tasks.csv. Usage: by_node.py FOLDER..."""
import collections
import csv
import glob
import os
import statistics as st
import sys

print("| maps | method | node | map duration, s (median) | maps per run | reducer CPU, core-s (median) |")
print("| --- | --- | --- | --- | --- | --- |")
for folder in sys.argv[1:]:
    dur, count, cpu = (collections.defaultdict(list) for _ in range(3))
    total = 0
    for tasks in sorted(glob.glob(os.path.join(folder, "runs", "*", "*", "*", "rep*", "tasks.csv"))):
        method = tasks.split(os.sep)[-3]
        per = collections.Counter()
        rows = list(csv.DictReader(open(tasks)))
        total = len({r["attempt"].rsplit("_", 1)[0] for r in rows if r["type"] == "map"})
        for r in rows:
            node = "fast" if r["node"].startswith("fast") else "slow"
            if r["type"] == "map":
                dur[(method, node)].append(float(r["finish_s"]) - float(r["start_s"]))
                per[node] += 1
            else:
                cpu[(method, node)].append(float(r["cpu_s"]))
        for node, n in per.items():
            count[(method, node)].append(n)
    for key in sorted(dur):
        print(f"| {total} | {key[0]} | {key[1]} | {st.median(dur[key]):.1f} | "
              f"{', '.join(map(str, count[key]))} | {st.median(cpu[key]):.2f} |")
