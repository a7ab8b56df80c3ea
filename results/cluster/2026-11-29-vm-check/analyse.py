"""Job time, map phase and per-task CPU of each run of the VM check (run from this folder)."""
import csv
import glob
import statistics as st
import sys

here = sys.argv[1] if len(sys.argv) > 1 else "."
print("run | job s | maps done s | map CPU-s mean | reducer CPU-s mean | output digest")
for d in sorted(glob.glob(here + "/*-r*/")):
    row = list(csv.DictReader(open(d + "results.csv")))[-1]
    tasks = list(csv.DictReader(open(glob.glob(d + "runs/*/*/*/rep1/tasks.csv")[0])))
    cpu = lambda kind: [float(t["cpu_s"]) for t in tasks if (t["type"] == "map") == (kind == "map") and t["cpu_s"]]
    print(f"{d.rstrip('/').split('/')[-1]} | {float(row['seconds']):.1f} | {float(row['maps_done_s']):.1f} | "
          f"{st.mean(cpu('map')):.2f} | {st.mean(cpu('reduce')):.2f} | {row['output_digest']}")
