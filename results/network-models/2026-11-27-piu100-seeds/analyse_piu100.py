#!/usr/bin/env python3
"""PIU 100 us / DRILL and ECMP / DRILL at 90% with --tail 1s over seeds 1-5: per seed, mean with a 95%
t-interval, flows cut off. Reads drill-load CSVs (load,scheme,...,mean_fct_ms,...).
Usage: analyse_piu100.py SEED=FILE[,FILE...] ...   (every file of a seed is read; rows at load 0.900)"""
import csv, statistics, sys

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776}

def ci(xs):
    m = statistics.mean(xs)
    return m, T95[len(xs) - 1] * statistics.stdev(xs) / len(xs) ** 0.5

rows = {}
for arg in sys.argv[1:]:
    seed, files = arg.split("=", 1)
    for name in files.split(","):
        with open(name) as f:
            for r in csv.DictReader(f):
                if r["load"] == "0.900":
                    rows.setdefault(int(seed), {})[r["scheme"]] = r

ratios = {"piu:100us": [], "ecmp": []}
print("seed  DRILL ms  PIU100 ms  PIU100/DRILL  ECMP ms  ECMP/DRILL  window flows unfinished (finished) DRILL/PIU100/ECMP")
for seed in sorted(rows):
    r = rows[seed]
    d = float(r["drill"]["mean_fct_ms"])
    p = float(r["piu:100us"]["mean_fct_ms"])
    e = float(r["ecmp"]["mean_fct_ms"])
    ratios["piu:100us"].append(p / d)
    ratios["ecmp"].append(e / d)
    unf = "/".join(f'{r[s]["unfinished"]} ({r[s]["flows"]})' for s in ("drill", "piu:100us", "ecmp"))
    print(f"{seed:4d}  {d:8.3f}  {p:9.3f}  {p / d:12.3f}  {e:7.3f}  {e / d:10.3f}  {unf}")
for s, label in (("piu:100us", "PIU 100 us / DRILL"), ("ecmp", "ECMP / DRILL")):
    m, h = ci(ratios[s])
    print(f"{label}: {m:.3f} +- {h:.3f} (95% t, n = {len(ratios[s])}; "
          f"seeds {min(ratios[s]):.3f}-{max(ratios[s]):.3f})")
