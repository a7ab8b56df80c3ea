#!/usr/bin/env python3
"""TAALK's rows per cost cell, as `fidelity` scored them over 10 seeds.

Usage: python3 analyse.py OUT   (OUT = run.sh's folder, one sub-folder per cell with fidelity.csv)

Prints one Markdown table: a row per cell, per finding its mean, 95% interval and verdict."""
import csv
import os
import sys

ROWS = [
    ("001-outliers", "outliers at the back-off times (>= 98%)", 100),
    ("001-job-ratio", "largest job-time ratio, loads 1-100 (>= 8)", 1),
    ("001-job-ratio-60", "the same, loads >= 60 (>= 8)", 1),
    ("001-job-lower-60", "TAALK's job time lower, share of loads >= 60 (>= 70%)", 100),
    ("001-mean-above", "TAALK's mean FCT above, share of loads 30-100 (>= 70%)", 100),
]


def order(cell):
    if cell.startswith("server"):
        srv, lb = cell[len("server"):].split("-lb")
        return (0, float(srv), float(lb))
    return (1, float(cell[len("spells"):]), 0)


def main(out):
    cells = sorted((d for d in os.listdir(out) if os.path.isfile(os.path.join(out, d, "fidelity.csv"))), key=order)
    print("| cell | " + " | ".join(r[1] for r in ROWS) + " |")
    print("|---" * (len(ROWS) + 1) + "|")
    for cell in cells:
        with open(os.path.join(out, cell, "fidelity.csv")) as f:
            got = {r["row"]: r for r in csv.DictReader(f)}
        cols = []
        for rid, _, scale in ROWS:
            r = got[rid]
            m, lo, hi = (float(r[k]) * scale for k in ("mean", "ci95_lo", "ci95_hi"))
            unit = "%" if scale == 100 else ""
            cols.append(f"{m:.1f}{unit} ({lo:.1f}-{hi:.1f}) {r['verdict']}")
        name = cell + (" (the model's)" if cell == "server0.6-lb2" else "")
        print(f"| {name} | " + " | ".join(cols) + " |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
