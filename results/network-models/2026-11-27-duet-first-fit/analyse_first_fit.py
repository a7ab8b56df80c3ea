#!/usr/bin/env python3
"""Fig. 3.18 under four readings of first-fit: Random's extra SMuxes over Duet, per load.

Usage: analyse_first_fit.py OUTDIR  (first-fit.sh's output: <order>-seed<n>/fig18.csv)
Mean over the workload seeds ± 95% t-interval (stats.py of ../2026-11-27/).
"""
import csv
import glob
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-27"))
from stats import fmt_ci  # noqa: E402

out = sys.argv[1]
extra = defaultdict(list)   # (order, load) -> [random_extra_pct]
share = defaultdict(list)   # (order, load) -> [random_hmux_share]
duet = defaultdict(list)    # load -> [duet_smuxes] (the same in every order)
rand = defaultdict(list)    # (order, load) -> [random_smuxes]
orders, loads, seeds = [], [], set()
for f in sorted(glob.glob(os.path.join(out, "*-seed*", "fig18.csv"))):
    m = re.match(r"(.+)-seed(\d+)$", os.path.basename(os.path.dirname(f)))
    order, seed = m.group(1), int(m.group(2))
    if order not in orders:
        orders.append(order)
    seeds.add(seed)
    with open(f) as fh:
        for r in csv.DictReader(fh):
            load = float(r["total_gbps"])
            if load not in loads:
                loads.append(load)
            extra[order, load].append(float(r["random_extra_pct"]))
            share[order, load].append(float(r["random_hmux_share"]))
            rand[order, load].append(float(r["random_smuxes"]))
            if order == "fixed":
                duet[load].append(float(r["duet_smuxes"]))
loads.sort()
print("seeds:", sorted(seeds))
print("Duet's SMuxes per load:", "; ".join("%g Gbps %s" % (l, fmt_ci(duet[l], 1)) for l in loads if duet[l]))
print()
print("| reading | " + " | ".join("%g Tbps" % (l / 1000) for l in loads) + " |")
print("|---|" + "---|" * len(loads))
for o in orders:
    print("| %s, Random's extra SMuxes (%%) | " % o
          + " | ".join(fmt_ci(extra[o, l], 0) for l in loads) + " |")
for o in orders:
    print("| %s, Random's SMuxes | " % o + " | ".join(fmt_ci(rand[o, l], 1) for l in loads) + " |")
for o in orders:
    print("| %s, Random's HMux share | " % o + " | ".join(fmt_ci(share[o, l], 3) for l in loads) + " |")
print()
print("per seed, extra %:")
for o in orders:
    for l in loads:
        print("  %-12s %6g Gbps: %s" % (o, l, ", ".join("%.0f" % x for x in extra[o, l])))
