#!/usr/bin/env python3
"""One table of seed 002's loads 10-90% with --tail 1s for DRILL, ECMP, PIU 10 us, PPU and CU 10 us, seed 1:
this run set's 20-70% (drill-load.csv) and the committed figure's 10, 40, 80 and 90%
(docs/network-models/part2/drill-load.csv, also runs of 2 s); vs_drill as the CSVs give it, and the 1 s runs beside
(experiment 5's table). Usage: merge.py OURS.csv FIGURE.csv > loads-10-90.txt"""
import csv, sys

SCHEMES = ["drill", "ecmp", "piu:10us", "ppu", "cu:10us"]
# Experiment 5's runs of 1 s (docs/network-models/drill-spraying.md; 10/40/80/90% from the figure before
# the re-make, 20/30/50% from ../2026-11-27/summary.txt, 60/70% from ../2026-11-27-drill-90/loads-0.6-0.7).
ONE_S = {"0.100": 1.002, "0.200": 1.017, "0.300": 1.084, "0.400": 1.142, "0.500": 1.206,
         "0.600": 1.247, "0.700": 1.278, "0.800": 1.241, "0.900": 1.166}
rows = {}
for name in sys.argv[1:3]:
    with open(name) as f:
        for r in csv.DictReader(f):
            if r["scheme"] in SCHEMES:
                rows.setdefault(r["load"], {})[r["scheme"]] = r
print("load  DRILL ms  ECMP  PIU10us  PPU  CU10us  (over DRILL, run 2 s)  unfinished(all schemes)  ECMP run 1 s")
for load in sorted(rows):
    r = rows[load]
    d = float(r["drill"]["mean_fct_ms"])
    ratios = "  ".join(r[s]["vs_drill"] for s in SCHEMES[1:])
    unf = sum(int(r[s]["unfinished"]) for s in SCHEMES)
    print(f"{float(load) * 100:3.0f}%  {d:8.3f}  {ratios}  {unf:5d}  {ONE_S[load]:.3f}")
