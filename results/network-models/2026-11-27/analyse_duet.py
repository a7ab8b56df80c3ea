"""Seed 000 chapter 3: summarises duet-all.sh (seed 1, default workload) and duet-causes.sh.

Usage: python3 analyse_duet.py DUET_ALL_DIR CAUSES_DIR
"""
import csv
import glob
import os
import statistics
import sys

from stats import fmt_ci


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def fig20(path):
    r = rows(path)[1:]  # interval 0 is the common start
    avg = lambda k: statistics.fmean(float(x[k]) for x in r)
    return (f"One-time HMux {100 * avg('onetime_hmux'):.1f}% (lowest {100 * min(float(x['onetime_hmux']) for x in r):.1f}%)"
            f" | Sticky HMux {100 * avg('sticky_hmux'):.2f}%, shuffled {100 * avg('sticky_shuffled'):.1f}%"
            f" | Non-sticky HMux {100 * avg('nonsticky_hmux'):.2f}%, shuffled {100 * avg('nonsticky_shuffled'):.1f}%"
            f" (stable ties {100 * avg('nonsticky_stable_ties_shuffled'):.1f}%) |")


def fig19(path):
    r = rows(path)
    c = max(float(x["container_max_link_increase"]) for x in r)
    t = max(float(x["three_switch_max_link_increase"]) for x in r)
    return c, t


def main(base, causes):
    print("## Fig. 3.20 against the trace's churn per interval")
    print(f"| 0.05 (default) | {fig20(os.path.join(base, 'fig20.csv'))}")
    for d in sorted(glob.glob(os.path.join(causes, "churn-*/fig20.csv"))):
        print(f"| {d.split('churn-')[1].split('/')[0]} | {fig20(d)}")
    print("\n## Fig. 3.19: largest rise of one link (points), 10 experiments per workload seed")
    cs, ts = [], []
    for d in [os.path.join(base, "fig19.csv")] + sorted(glob.glob(os.path.join(causes, "fail-seed*/fig19.csv"))):
        c, t = fig19(d)
        cs.append(100 * c)
        ts.append(100 * t)
        print(f"| {d} | container {100 * c:.1f} | 3 switches {100 * t:.1f} |")
    print(f"| over {len(ts)} seeds | container {fmt_ci(cs, 1)} | 3 switches {fmt_ci(ts, 1)}"
          f" | seeds with any rise above 16: {sum(max(a, b) > 16 for a, b in zip(cs, ts))} |")
    print("\n## Figs. 3.16 and 3.18 against the skew of VIP traffic (log-normal sigma)")
    for sig, d in [("2.2 (default)", base)] + [(p.split("sigma-")[1], p) for p in sorted(glob.glob(os.path.join(causes, "sigma-*"))) if os.path.isdir(p)]:
        f16 = rows(os.path.join(d, "fig16.csv"))
        f18 = rows(os.path.join(d, "fig18.csv"))
        print(f"| {sig} | Duet/Ananta 3.6G {' '.join(x['ratio_3.6'] for x in f16)}"
              f" | 10G {' '.join(x['ratio_10'] for x in f16)} | unrounded {' '.join(x['unrounded_ratio'] for x in f16)}"
              f" | Random extra % {' '.join(x['random_extra_pct'] for x in f18)} | HMux share {f16[0]['hmux_share']} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
