"""Seed 002 across seeds and run lengths: reads drill-seeds.sh and drill-causes.sh output.

Usage: python3 analyse_drill.py SEEDS_DIR [CAUSES_DIR]
Prints, for 90% load over the seeds: each scheme's mean FCT over DRILL's (mean ± 95% t-interval
and each seed), CU 10 us against ECMP, and unfinished flows; then what CAUSES_DIR holds.
"""
import csv
import glob
import os
import sys

from stats import fmt_ci


def table(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def by_scheme(rows, load="0.900"):
    return {r["scheme"]: r for r in rows if r["load"] == load}


def seeds(root):
    out = {}
    for d in sorted(glob.glob(os.path.join(root, "seed*/drill-load.csv"))):
        s = int(os.path.basename(os.path.dirname(d))[4:])
        out[s] = by_scheme(table(d))
    return out


def main(root, causes=None):
    runs = seeds(root)
    ss = sorted(runs)
    print(f"## 90% load, full scale, 1 s of traffic, seeds {ss} (mean ± 95% t-interval; each seed)")
    schemes = [k for k in runs[ss[0]] if k != "drill"]
    for k in schemes:
        xs = [float(runs[s][k]["mean_fct_ms"]) / float(runs[s]["drill"]["mean_fct_ms"]) for s in ss]
        print(f"| {k} / DRILL | {fmt_ci(xs)} | {' '.join(f'{x:.3f}' for x in xs)} |")
    if "cu:10us" in schemes and "ecmp" in schemes:
        xs = [1 - float(runs[s]["cu:10us"]["mean_fct_ms"]) / float(runs[s]["ecmp"]["mean_fct_ms"]) for s in ss]
        print(f"| CU 10 us below ECMP (fraction) | {fmt_ci(xs)} | {' '.join(f'{x:.3f}' for x in xs)} |")
    for k in ["drill"] + schemes:
        xs = [float(runs[s][k]["mean_fct_ms"]) for s in ss]
        u = [int(runs[s][k]["unfinished"]) for s in ss]
        print(f"| {k} mean FCT ms | {fmt_ci(xs)} | unfinished {' '.join(map(str, u))} |")
    if not causes:
        return
    print("\n## run length, 90% load, seed 1: ECMP / DRILL")
    for d in sorted(glob.glob(os.path.join(causes, "length-*/drill-load.csv"))):
        r = by_scheme(table(d))
        print(f"| {d.split('/')[-2][7:]} | {float(r['ecmp']['vs_drill']):.3f} | DRILL {r['drill']['mean_fct_ms']} ms,"
              f" ECMP {r['ecmp']['mean_fct_ms']} ms | unfinished {r['drill']['unfinished']} / {r['ecmp']['unfinished']} |")
    p = os.path.join(causes, "uplink40/drill-staleness.csv")
    if os.path.exists(p):
        print("\n## 40 Gbps uplinks: queue std dev (packets), leaf / spine / (leaf + spine) / 2")
        rows = table(p)
        for load in ("0.400", "0.800"):
            r = by_scheme(rows, load)
            d, e = r["drill"], r["ecmp"]
            print(f"| {load} | DRILL {d['queue_std_leaf']} / {d['queue_std_spine']} / {d['queue_std']}"
                  f" | ECMP {e['queue_std_leaf']} / {e['queue_std_spine']} / {e['queue_std']}"
                  f" | ECMP / DRILL {float(e['queue_std']) / float(d['queue_std']):.1f}x"
                  f" | spine / leaf under DRILL {float(d['queue_std_spine']) / float(d['queue_std_leaf']):.1f}x"
                  f" | FCT ECMP / DRILL {float(e['vs_drill']):.3f} |")
    for d in sorted(glob.glob(os.path.join(causes, "ns2-*/drill-load.csv"))):
        r = table(d)
        print(f"\n## ns-2 per-destination classifiers, load {r[0]['load']}: over DRILL")
        for row in r:
            print(f"| {row['scheme']} | {row['vs_drill']} | {row['mean_fct_ms']} ms |")
    loads = sorted(glob.glob(os.path.join(causes, "load-*/drill-load.csv")))
    if loads:
        print("\n## loads the committed figure left out: over DRILL")
        for d in loads:
            r = table(d)
            print(f"| {r[0]['load']} | " + " | ".join(f"{x['scheme']} {x['vs_drill']}" for x in r) + " |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
