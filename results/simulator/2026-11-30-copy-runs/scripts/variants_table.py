"""The held-back reduce tail of each variant (variants/<name>/validation.md): per method the median
absolute error (floor) / median signed error, and the same for the runs with bins split by how the job's
last map ended. Usage: python3 variants_table.py VARIANTS_DIR"""
import os
import re
import sys

here = sys.argv[1]
order = ["base", "fcfs-start", "task-noise-0.08", "fcfs-start+task-noise", "latency-3s", "latency-3s-noisy",
         "queued-copy", "heartbeat-jitter", "heartbeat-jitter+queued-copy", "start-noise-0.15+queued-copy",
         "start-noise-0.30+queued-copy", "start-noise-0.15+jitter+queued-copy", "map-noise-0.08+queued-copy",
         "map-noise-0.08+fcfs-start+queued-copy"]
rows, labels = {}, []
for v in order:
    f = os.path.join(here, v, "validation.md")
    if not os.path.exists(f):
        continue
    for line in open(f):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        key = None
        if len(cells) >= 6 and re.match(r"^(stock|tarazu|pikachu|two-stage|fixed-\d\.\d\d|all)$", cells[0]):
            key, a, s = cells[0], cells[4], cells[5]
        elif len(cells) == 5 and cells[0] == "all with bins":
            key, a, s = "all with bins, last map " + cells[1], cells[3], cells[4]
        if key is None or (key, v) in rows:
            continue
        rows[(key, v)] = re.sub(r" \[.*?\]", "", a) + " / " + re.sub(r" \[.*?\]", "", s)
        if key not in labels:
            labels.append(key)
cols = [v for v in order if any((k, v) == r for r in rows for k in labels)]
print("Reduce tail, held back, the 225 runs of 2026-11-24/25: median absolute error (floor) / median signed error\n")
print("| runs | " + " | ".join(cols) + " |")
print("| --- |" + " --- |" * len(cols))
for k in labels:
    print(f"| {k} | " + " | ".join(rows.get((k, v), "") for v in cols) + " |")
