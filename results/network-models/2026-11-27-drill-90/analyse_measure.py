"""Seed 002 at 90% load: ECMP / DRILL mean FCT by run length and measurement rule.

Reads the folders measure-runs.sh wrote (OUT/<D>-<scheme>-seed<N>/flows.csv and the console file
beside each) and prints, for each rule and length, ECMP / DRILL per seed and its mean with the 95%
t-interval over the seeds whose runs reach D. A run of length L gives every length D <= L (the first
D seconds of a run are the run of length D). Rules:
  figures  flows starting in [0.1 D, 0.7 D) and finished by D: what drill-load reports
  scripts  flows starting in [0, D) and finished by D: the DRILL scripts' log (every flow from the
           start of traffic, a flow unfinished at the end not logged)
  tail     flows starting in [0.1, 0.7) s, finished by D: the 1 s window given D - 0.7 s to finish
Usage: python3 analyse_measure.py OUT
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-27"))
from stats import fmt_ci  # noqa: E402

out = sys.argv[1]
runs = {}
for name in sorted(os.listdir(out)):
    m = re.fullmatch(r"([0-9.]+)s-([\w:.]+)-seed(\d+)", name)
    path = os.path.join(out, name, "flows.csv")
    if not m or not os.path.isfile(path):
        continue
    key = (m.group(2), int(m.group(3)))
    if key in runs and runs[key][2] >= float(m.group(1)):
        continue
    flows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            s = float(r["start_us"]) / 1e6
            flows.append((int(r["id"]), s, s + float(r["fct_us"]) / 1e6, float(r["fct_us"]) / 1e3,
                          int(r["bytes"])))
    console = open(os.path.join(out, name + ".txt")).read()
    started = int(re.search(r"(\d+) flows started", console).group(1))
    runs[key] = (flows, started, float(m.group(1)))

LENGTHS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0)


def seeds_reaching(d, schemes=("drill", "ecmp")):
    return sorted(s for (sch, s) in runs
                  if sch == schemes[0] and all((x, s) in runs for x in schemes)
                  and min(runs[(x, s)][2] for x in schemes) >= d - 1e-9)


if not seeds_reaching(0.5):
    sys.exit("no DRILL/ECMP pair in " + out)


def unfinished_starts(flows, started):
    """Start times of the flows missing from flows.csv: ids are given in start order, so an
    unfinished flow started between its finished neighbours; the earlier one's start is taken."""
    by_id = {f[0]: f[1] for f in flows}
    last, res = 0.0, []
    for i in range(started):
        if i in by_id:
            last = by_id[i]
        else:
            res.append(last)
    return res


def rule(flows, started, _length, lo, hi, end):
    done = [f[3] for f in flows if lo <= f[1] < hi and f[2] <= end]
    miss = sum(1 for s in unfinished_starts(flows, started) if lo <= s < hi)
    miss += sum(1 for f in flows if lo <= f[1] < hi and f[2] > end)
    return sum(done) / len(done), len(done), miss


def table(title, window):
    print(title)
    for d in LENGTHS:
        seeds = seeds_reaching(d)
        if not seeds:
            break
        ratios, drill, ecmp, undone = [], [], [], []
        for s in seeds:
            lo, hi, end = window(d)
            a = rule(*runs[("drill", s)], lo, hi, end)
            b = rule(*runs[("ecmp", s)], lo, hi, end)
            ratios.append(b[0] / a[0])
            drill.append(a[0])
            ecmp.append(b[0])
            undone.append((a[2], b[2]))
        print(f"  D = {d:3.1f} s, seeds {','.join(map(str, seeds))}: ECMP/DRILL {fmt_ci(ratios)}  DRILL {fmt_ci(drill, 2)} ms  ECMP "
              f"{fmt_ci(ecmp, 2)} ms  per seed {' '.join(f'{r:.3f}' for r in ratios)}  "
              f"unfinished DRILL/ECMP {' '.join(f'{u[0]}/{u[1]}' for u in undone)}")


print("runs (scheme, seed, length s): " + ", ".join(f"{k[0]} {k[1]} {v[2]:g}" for k, v in sorted(runs.items())))
table("figures' rule: start in [0.1 D, 0.7 D), finished by D", lambda d: (0.1 * d, 0.7 * d, d))
table("scripts' rule: start in [0, D), finished by D", lambda d: (0.0, d, d))
table("the 1 s window [0.1, 0.7) s, finished by D", lambda d: (0.1, 0.7, d))

# Flows in flight (started, not finished) at times t: a backlog that keeps growing is a fabric
# offered more than it carries.
print("flows in flight at t (per seed, DRILL/ECMP)")
for t in LENGTHS:
    seeds = seeds_reaching(t)
    if not seeds:
        break
    cells = []
    for s in seeds:
        row = []
        for sch in ("drill", "ecmp"):
            flows, started, _ = runs[(sch, s)]
            n = sum(1 for f in flows if f[1] <= t < f[2])
            n += sum(1 for u in unfinished_starts(flows, started) if u <= t)
            row.append(n)
        cells.append(f"{row[0]}/{row[1]}")
    print(f"  t = {t:3.1f} s, seeds {','.join(map(str, seeds))}: {' '.join(cells)}")

# CU 10 us (when run) against DRILL and ECMP, for the notes' row "CU 10 us +6% over DRILL and at
# least 15% below ECMP at 90%".
CU = ("drill", "ecmp", "cu:10us")
if seeds_reaching(0.5, CU):
    print("CU 10 us: CU / DRILL and 1 - CU / ECMP")
    for title, window in (("figures' rule", lambda d: (0.1 * d, 0.7 * d, d)),
                          ("the 1 s window [0.1, 0.7) s, finished by D", lambda d: (0.1, 0.7, d))):
        print("  " + title)
        for d in LENGTHS:
            seeds = seeds_reaching(d, CU)
            if not seeds:
                break
            over, below = [], []
            for s in seeds:
                m = {x: rule(*runs[(x, s)], *window(d))[0] for x in CU}
                over.append(m["cu:10us"] / m["drill"])
                below.append(1 - m["cu:10us"] / m["ecmp"])
            print(f"    D = {d:3.1f} s, seeds {','.join(map(str, seeds))}: CU/DRILL {fmt_ci(over)}, "
                  f"below ECMP {fmt_ci(below)}  per seed {' '.join(f'{x:.3f}' for x in below)}")
