#!/usr/bin/env python3
"""PPU and CU 10 us over DRILL, seed by seed, with and without a per-packet update period.

Usage: python3 analyse.py OUT   (OUT = run.sh's folder: every-10, every-90, <period>-10, <period>-90)

Reads each folder's drill-load-runs.csv (one row per run: load, scheme, seed, mean FCT), takes each
scheme's mean FCT over DRILL's of the same seed and load, and prints the mean, the 95% t-interval
over seeds and the verdict by the fidelity command's rule at the notes' bound (met: the interval
inside; in part: the mean inside, the interval across a bound; miss: the mean outside)."""
import csv
import math
import os
import sys

# Two-sided 95% t quantiles by degrees of freedom.
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
# The notes' tolerance per (scheme, load): PPU 1.0-1.25 at 10% and 90%, CU 10 us 1.00-1.12 at 90%.
TOLERANCE = {("ppu", 0.1): (1.0, 1.25), ("ppu", 0.9): (1.0, 1.25), ("cu:10us", 0.9): (1.0, 1.12)}
THESIS = {("ppu", 0.1): 1.065, ("ppu", 0.9): 1.11, ("cu:10us", 0.9): 1.061}


def runs(path):
    with open(path) as f:
        return [r for r in csv.DictReader(f)]


def interval(v):
    m = sum(v) / len(v)
    if len(v) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1))
    return m, T95[len(v) - 1] * sd / math.sqrt(len(v))


def verdict(m, h, lo, hi):
    if math.isnan(h):
        return ("miss" if m < lo or m > hi else "inside") + " (one seed: no interval)"
    if m < lo or m > hi:
        return "miss"
    return "met" if m - h >= lo and m + h <= hi else "in part"


def main(out):
    folders = sorted(d for d in os.listdir(out) if os.path.isfile(os.path.join(out, d, "drill-load-runs.csv")))
    print("| updates | load | scheme | per seed (over DRILL) | mean | 95% interval | tolerance | verdict | thesis |")
    print("|---|---|---|---|---|---|---|---|---|")
    for d in sorted(folders, key=lambda x: (x.split("-")[0] != "every", x)):
        rows = runs(os.path.join(out, d, "drill-load-runs.csv"))
        drill = {(float(r["load"]), r["seed"]): float(r["mean_fct_ms"]) for r in rows if r["scheme"] == "drill"}
        for scheme in ("ppu", "cu:10us"):
            mine = [r for r in rows if r["scheme"] == scheme]
            if not mine:
                continue
            load = float(mine[0]["load"])
            ratios = [float(r["mean_fct_ms"]) / drill[(load, r["seed"])] for r in mine]
            m, h = interval(ratios)
            lo, hi = TOLERANCE[(scheme, load)]
            period = "every packet (the model's)" if d.startswith("every") else "at most once every " + d.rsplit("-", 1)[0]
            print(f"| {period} | {load:.0%} | {scheme} | {', '.join(f'{x:.3f}' for x in ratios)} | {m:.4f} | "
                  f"{'none' if math.isnan(h) else f'{m - h:.4f}-{m + h:.4f}'} | {lo:.2f}-{hi:.2f} | {verdict(m, h, lo, hi)} | {THESIS[(scheme, load)]} |")
    period_over_model(out, folders)


def period_over_model(out, folders):
    """Each period's mean FCT over the model's (every packet) of the same seed, load and scheme: what the
    staler table itself costs, seed by seed (the seeds both arms ran)."""
    def fct(d):
        return {(float(r["load"]), r["scheme"], r["seed"]): float(r["mean_fct_ms"])
                for r in runs(os.path.join(out, d, "drill-load-runs.csv")) if r["scheme"] != "drill"}
    print()
    print("| updates, over every packet's | load | scheme | seeds | per seed | mean | 95% interval |")
    print("|---|---|---|---|---|---|---|")
    for d in sorted(f for f in folders if not f.startswith("every")):
        period, load = d.rsplit("-", 1)
        model = "every-" + load
        if model not in folders:
            continue
        mine, base = fct(d), fct(model)
        for scheme in ("ppu", "cu:10us"):
            keys = sorted(k for k in mine if k[1] == scheme and k in base)
            if not keys:
                continue
            v = [mine[k] / base[k] for k in keys]
            m, h = interval(v)
            iv = "none" if math.isnan(h) else f"{m - h:.4f}-{m + h:.4f}"
            print(f"| at most once every {period} | {keys[0][0]:.0%} | {scheme} | {', '.join(k[2] for k in keys)} | "
                  f"{', '.join(f'{x:.4f}' for x in v)} | {m:.4f} | {iv} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
