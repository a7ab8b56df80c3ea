#!/usr/bin/env python3
"""Tables of this run set's README from runs-after.csv (stock, two-stage, the fixed-P sweep, at
b665ea2) and runs-before.csv (two-stage at 92c1075, before the rule).
Usage: python3 analyse.py [runs-after.csv runs-before.csv]"""
import csv
import math
import statistics
import sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def mean_ci(v):
    m = statistics.mean(v)
    if len(v) < 2:
        return m, m, m
    h = T975.get(len(v) - 1, 1.96) * statistics.stdev(v) / math.sqrt(len(v))
    return m, m - h, m + h


def cell(v, fmt="%.3f"):
    m, lo, hi = mean_ci(v)
    return (fmt + " [" + fmt + ", " + fmt + "]") % (m, lo, hi)


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


after = read(sys.argv[1] if len(sys.argv) > 1 else "runs-after.csv")
before = read(sys.argv[2] if len(sys.argv) > 2 else "runs-before.csv")
runs = {}
for r in after:
    runs.setdefault((r["app"], r["fast_core_speed"], int(r["seed"])), {})[r["method"]] = r
for r in before:
    runs[(r["app"], r["fast_core_speed"], int(r["seed"]))]["two-stage-before"] = r

cells = sorted({(a, s) for a, s, _ in runs}, key=lambda x: (float(x[1]), x[0]))
print("## Speedup over stock (stock s / method s, same seed), seeds 1-%d\n" % max(k[2] for k in runs))
print("| fast cores | app | two-stage before: per seed (P) | after: per seed (P) | before: median, mean [95%] | after: median, mean [95%] | slower than stock, before -> after |")
print("| --- | --- | --- | --- | --- | --- | --- |")
gaps = []
for app, sp in cells:
    seeds = sorted(k[2] for k in runs if k[0] == app and k[1] == sp)
    sb, sa, pb, pa = [], [], [], []
    for s in seeds:
        x = runs[(app, sp, s)]
        stock = float(x["stock"]["job_s"])
        sb.append(stock / float(x["two-stage-before"]["job_s"]))
        sa.append(stock / float(x["two-stage"]["job_s"]))
        pb.append(float(x["two-stage-before"]["p"]))
        pa.append(float(x["two-stage"]["p"]))
    per = lambda v, p: ", ".join("%.3f (%.2f)" % (a, b) for a, b in zip(v, p))
    print("| %sx | %s | %s | %s | %.3f, %s | %.3f, %s | %d -> %d |" % (
        sp, app, per(sb, pb), per(sa, pa), statistics.median(sb), cell(sb),
        statistics.median(sa), cell(sa), sum(v < 1 for v in sb), sum(v < 1 for v in sa)))

print("\n## Against the best fixed P of the sweep in each seed\n")
print("Saving over stock in % (1 - method / stock); gap = best fixed P's saving minus two-stage's, in points, paired per seed (negative: two-stage saves more).\n")
print("| fast cores | app | two-stage saves (after) | best fixed P saves (its P per seed) | gap after, median / mean [95%] | gap before, median / mean [95%] |")
print("| --- | --- | --- | --- | --- | --- |")
for app, sp in cells:
    seeds = sorted(k[2] for k in runs if k[0] == app and k[1] == sp)
    ts, bs, ga, gb, bp = [], [], [], [], []
    for s in seeds:
        x = runs[(app, sp, s)]
        stock = float(x["stock"]["job_s"])
        fixed = [(float(v["job_s"]), float(k[6:])) for k, v in x.items() if k.startswith("fixed-")]
        best, p = min(fixed)
        saved = lambda t: 100 * (1 - t / stock)
        ts.append(saved(float(x["two-stage"]["job_s"])))
        bs.append(saved(best))
        bp.append(p)
        ga.append(saved(best) - saved(float(x["two-stage"]["job_s"])))
        gb.append(saved(best) - saved(float(x["two-stage-before"]["job_s"])))
    print("| %sx | %s | %s | %s (%s) | %+.1f / %s | %+.1f / %s |" % (
        sp, app, cell(ts, "%.1f"), cell(bs, "%.1f"), ", ".join("%g" % v for v in bp),
        statistics.median(ga), cell(ga, "%+.1f"), statistics.median(gb), cell(gb, "%+.1f")))

print("\n## The fast class at the correction (two-stage, after)\n")
print("| fast cores | app | seed | final rules | fast class CPU over its even share |")
print("| --- | --- | --- | --- | --- |")
for app, sp in cells:
    for s in sorted(k[2] for k in runs if k[0] == app and k[1] == sp):
        x = runs[(app, sp, s)]["two-stage"]
        if "equation-2.1" in runs[(app, sp, s)]["two-stage-before"]["final_rules"] or "equation-2.1" in x["final_rules"]:
            print("| %sx | %s | %d | before: %s; after: %s | %s |" % (
                sp, app, s, runs[(app, sp, s)]["two-stage-before"]["final_rules"],
                x["final_rules"], x["fast_cpu_of_fair_share"]))
