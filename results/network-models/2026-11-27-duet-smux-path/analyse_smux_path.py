#!/usr/bin/env python3
"""Fig. 3.17 under the fixed and the spread SMux path, workload seeds 1-5: Duet's SMuxes, their load,
median and mean latency, and the Ananta count that matches Duet's median; mean with a 95% t-interval.
Usage: analyse_smux_path.py OUT (the directory smux-path.sh wrote)."""
import csv, re, statistics, sys
from pathlib import Path

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776}  # two-sided 95% t quantiles, df = n - 1

def ci(xs):
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, T95[len(xs) - 1] * statistics.stdev(xs) / len(xs) ** 0.5

out = Path(sys.argv[1]) / "runs"
for path in ("fixed", "spread"):
    cols = {k: [] for k in ("smuxes", "gbps", "median", "mean", "match")}
    print(f"--smux-path {path}")
    for s in range(1, 6):
        with open(out / f"{path}-seed{s}.csv") as f:
            duet = next(r for r in csv.DictReader(f) if r["system"] == "Duet")
        match = int(re.search(r"match Duet's median SMux latency: (\d+)",
                              (out / f"{path}-seed{s}.txt").read_text()).group(1))
        row = (int(duet["smuxes"]), float(duet["gbps_per_smux"]), float(duet["median_us"]),
               float(duet["mean_us"]), match)
        for k, v in zip(cols, row):
            cols[k].append(v)
        print(f"  seed {s}: Duet {row[0]} SMuxes at {row[1]:.3f} Gbps each, median {row[2]:.1f} us,"
              f" mean {row[3]:.1f} us; Ananta matches with {row[4]}")
    for k, xs in cols.items():
        m, h = ci(xs)
        print(f"  {k}: {m:.3f} +- {h:.3f}")
