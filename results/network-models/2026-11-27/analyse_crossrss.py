"""Seed 003 over five batches of the seed's 10 runs (crossrss-seeds.sh).

Usage: python3 analyse_crossrss.py OUTDIR
"""
import csv
import glob
import os
import sys

from stats import fmt_ci


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main(root):
    def having(name):
        return sorted((b for b in glob.glob(os.path.join(root, "batch*"))
                       if os.path.isfile(os.path.join(b, name))), key=lambda d: int(d.split("batch")[-1]))
    batches = having("crossrss-fig2a.csv")
    print(f"Fig. 2a: {len(batches)} batches of 10 runs (mean ± 95% t-interval over batches; each batch)")
    a = [{r["policy"]: r for r in rows(os.path.join(b, "crossrss-fig2a.csv"))} for b in batches]
    for p in ("CrossRSS", "RR", "HASH", "Pow2"):
        xs = [float(t[p]["core_variance_pct"]) for t in a]
        print(f"| per-core variance % {p} | {fmt_ci(xs, 3)} | {' '.join(f'{x:.3f}' for x in xs)} |")
    for p in ("RR", "HASH", "Pow2"):
        xs = [float(t[p]["core_variance_pct"]) / float(t["CrossRSS"]["core_variance_pct"]) for t in a]
        print(f"| {p} / CrossRSS per-core variance | {fmt_ci(xs, 1)} | {' '.join(f'{x:.0f}' for x in xs)} |")
    for p in ("RR", "HASH", "Pow2"):
        xs = [float(t[p]["server_variance_pct"]) for t in a]
        print(f"| per-server variance % {p} | {fmt_ci(xs, 3)} | max {max(float(t[p]['server_max_pct']) for t in a):.3f} |")
    batches = having("crossrss-fig2b.csv")
    print(f"Fig. 2b: {len(batches)} batches of 10 runs")
    b = [rows(os.path.join(x, "crossrss-fig2b.csv")) for x in batches]
    for load in sorted({r["offered_gbps_nominal"] for r in b[0]}, key=float):
        cr = [next(r for r in t if r["offered_gbps_nominal"] == load and r["policy"] == "CrossRSS") for t in b]
        h = [float(r["delivered_over_hash"]) for r in cr]
        rr = [float(r["delivered_over_rr"]) for r in cr]
        print(f"| {load} Gbps | CrossRSS / HASH {fmt_ci(h)} ({' '.join(f'{x:.3f}' for x in h)})"
              f" | CrossRSS / RR {fmt_ci(rr)} |")


if __name__ == "__main__":
    main(sys.argv[1])
