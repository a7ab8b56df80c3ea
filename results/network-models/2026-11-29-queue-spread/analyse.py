#!/usr/bin/env python3
"""Queue spread over DRILL's, seed by seed, from every part run.sh wrote (window, window-80, window-seed-N, ...).

Usage: python3 analyse.py OUT   (OUT = run.sh's folder)

Reads each window folder's drill-queues-runs.csv (one row per run: load, scheme, seed, the leaf and spine std
devs under three readings), so that seeds run in parts are judged together; the 5 s span (span-5s) is left
out. Per seed, a scheme's combined std dev ((leaf + spine) / 2, the thesis's figure) over DRILL's of the same
seed, load and reading; then the mean, the 95% t-interval over seeds and the verdict by the fidelity
command's rule at the notes' bound (met: the interval inside; in part: the mean inside, the interval across
the bound; miss: the mean outside). The runs files print 3 decimals, so a ratio here can differ from
drill-queues.csv's in the third digit."""
import csv
import math
import os
import sys

# Two-sided 95% t quantiles by degrees of freedom.
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
# The notes' bound (ECMP / DRILL at least) and the thesis's figure, per load.
BOUND = {0.4: 20.0, 0.8: 4.0}
THESIS = {0.4: "92x (4.6 / 0.05)", 0.8: "10.5x (10 / 0.95)"}
READINGS = ("instant", "pooled", "temporal")


def interval(v):
    m = sum(v) / len(v)
    if len(v) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1))
    return m, T95[len(v) - 1] * sd / math.sqrt(len(v))


def verdict(m, h, lo):
    if m < lo:
        return "miss"
    if math.isnan(h):
        return "inside (one seed: no interval)"
    return "met" if m - h >= lo else "in part"


def runs(out):
    """(load, scheme, seed) -> row, over every window part; a run found twice must agree."""
    seen = {}
    for d in sorted(os.listdir(out)):
        f = os.path.join(out, d, "drill-queues-runs.csv")
        if not d.startswith("window") or not os.path.isfile(f):
            continue
        with open(f) as fh:
            for r in csv.DictReader(fh):
                k = (float(r["load"]), r["scheme"], int(r["seed"]))
                if k in seen and seen[k] != r:
                    sys.exit(f"{d}: run {k} differs from an earlier part's")
                seen[k] = r
    return seen


def combined(r, reading):
    return (float(r[reading + "_leaf"]) + float(r[reading + "_spine"])) / 2


def main(out):
    rs = runs(out)
    loads = sorted({k[0] for k in rs})
    print("| load | reading | scheme | seeds | per seed (over DRILL) | mean | 95% interval | bound | verdict | thesis |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for load in loads:
        for reading in READINGS:
            for scheme in ("ecmp", "ecmp-add"):
                seeds = sorted(s for (l, sc, s) in rs if l == load and sc == scheme and (l, "drill", s) in rs)
                if not seeds:
                    continue
                v = [combined(rs[(load, scheme, s)], reading) / combined(rs[(load, "drill", s)], reading)
                     for s in seeds]
                m, h = interval(v)
                iv = "none" if math.isnan(h) else f"{m - h:.2f}-{m + h:.2f}"
                print(f"| {load:.0%} | {reading} | {scheme} | {seeds[0]}{'' if len(seeds) == 1 else '-' + str(seeds[-1])} | "
                      f"{', '.join(f'{x:.2f}' for x in v)} | {m:.2f}x | {iv} | >= {BOUND[load]:.0f}x | "
                      f"{verdict(m, h, BOUND[load])} | {THESIS[load]} |")
    print()
    print("Leaf uplinks alone and DRILL's own spread (combined std dev in packets), mean over seeds:")
    print("| load | reading | DRILL combined | ECMP combined | ECMP / DRILL, leaf only (95% interval) |"
          " ecmp-add / DRILL, leaf only |")
    print("|---|---|---|---|---|---|")
    for load in loads:
        for reading in READINGS:
            seeds = sorted(s for (l, sc, s) in rs if l == load and sc == "drill")
            d = [combined(rs[(load, "drill", s)], reading) for s in seeds]
            e = [combined(rs[(load, "ecmp", s)], reading) for s in seeds if (load, "ecmp", s) in rs]
            leaf = {}
            for scheme in ("ecmp", "ecmp-add"):
                leaf[scheme] = interval([float(rs[(load, scheme, s)][reading + "_leaf"])
                                         / float(rs[(load, "drill", s)][reading + "_leaf"])
                                         for s in seeds if (load, scheme, s) in rs])
            fmt = lambda mh: f"{mh[0]:.1f}x" + ("" if math.isnan(mh[1]) else f" ({mh[0] - mh[1]:.1f}-{mh[0] + mh[1]:.1f})")
            print(f"| {load:.0%} | {reading} | {sum(d) / len(d):.3f} | {sum(e) / len(e):.3f} | {fmt(leaf['ecmp'])} | "
                  f"{fmt(leaf['ecmp-add'])} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
