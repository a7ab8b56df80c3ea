"""Seed 004 over five batches of the paper's 10 runs (spray-seeds.sh): spraying against single path.

Usage: python3 analyse_spray.py OUTDIR
"""
import csv
import glob
import os
import sys

from stats import fmt_ci


def table(path):
    with open(path) as f:
        return {(r["scheme"], int(r["long_flows"])): r for r in csv.DictReader(f)}


def main(root):
    for fig in ("spray-static", "spray-random"):
        batches = sorted((b for b in glob.glob(os.path.join(root, "batch*"))
                          if os.path.isfile(os.path.join(b, fig + ".csv"))),
                         key=lambda d: int(d.split("batch")[-1]))
        ts = [table(os.path.join(b, fig + ".csv")) for b in batches]
        print(f"\n## {fig}, {len(batches)} batches of 10 runs (mean ± 95% t-interval over batches; each batch)")
        print(f"## {fig}: long-flow throughput, spray / single")
        for n in range(1, 6):
            xs = [float(t[("spray", n)]["long_flow_gbps"]) / float(t[("single", n)]["long_flow_gbps"]) for t in ts]
            print(f"| n = {n} | {fmt_ci(xs)} | {' '.join(f'{x:.3f}' for x in xs)} |")
        xs = [sum(float(t[("spray", n)]["long_flow_gbps"]) for n in range(2, 6))
              / sum(float(t[("single", n)]["long_flow_gbps"]) for n in range(2, 6)) for t in ts]
        print(f"| n = 2-5 pooled | {fmt_ci(xs)} | {' '.join(f'{x:.3f}' for x in xs)} |")
        print(f"## {fig}: short-flow FCT, spray / single; out of order under spraying (%)")
        for n in range(0, 6):
            xs = [float(t[("spray", n)]["short_fct_ms"]) / float(t[("single", n)]["short_fct_ms"]) for t in ts]
            oo = [float(t[("spray", n)]["short_late_pct"]) for t in ts]
            print(f"| n = {n} | {fmt_ci(xs)} | out of order {fmt_ci(oo, 1)} |")


if __name__ == "__main__":
    main(sys.argv[1])
