"""Seed 001's cost grid (taalk-costs.sh): per cell, the notes' three findings and the seed's
figure points that depend on the costs, as mean ± 95% t-interval over seeds, and in how many seeds
each finding holds. Reuses the per-sweep reading of ../2026-11-27/analyse_taalk.py.
Usage: python3 analyse_costs.py OUTDIR
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-27"))
from analyse_taalk import per_seed  # noqa: E402
from stats import fmt_ci  # noqa: E402

Q = "'"
RATIO = "largest job-time ratio random / TAALK, any load"
LOWER = f"loads >= 60 where TAALK{Q}s job time is lower than random{Q}s"
ABOVE = f"loads 30-100 where TAALK{Q}s mean FCT > random{Q}s"
SHORT = f"loads 8-25 where TAALK{Q}s mean FCT < random{Q}s"
PEAK = f"load of TAALK{Q}s highest mean FCT"
AT88 = "job time random / TAALK at load 88"
FINDINGS = [  # the notes' rows: (label, quantity, holds when)
    ("ratio >= 8", RATIO, lambda v: v >= 8),
    ("TAALK lower at >= 70% of loads >= 60 (of 41)", LOWER, lambda v: v >= 0.7 * 41),
    ("TAALK mean above at >= 70% of loads 30-100 (of 71)", ABOVE, lambda v: v >= 0.7 * 71),
]


def main(root):
    print("| cell | seeds | " + " | ".join(f for f, _, _ in FINDINGS)
          + " | loads 8-25 TAALK shorter (of 18) | peak load | ratio at 88 |")
    print("|---" * (len(FINDINGS) + 5) + "|")
    for cell in sorted(os.listdir(root)):
        d = os.path.join(root, cell)
        if not os.path.isdir(d):
            continue
        seeds = sorted(int(n[4:]) for n in os.listdir(d)
                       if n.startswith("seed") and os.path.isfile(os.path.join(d, n, "taalk-fig12.csv")))
        if len(seeds) < 2:
            continue
        r = [per_seed(os.path.join(d, f"seed{s}")) for s in seeds]
        cells = []
        for _, q, ok in FINDINGS:
            xs = [x[q] for x in r]
            cells.append(f"{fmt_ci(xs, 1)} (holds in {sum(ok(x) for x in xs)})")
        cells.append(fmt_ci([x[SHORT] for x in r], 1))
        cells.append(fmt_ci([x[PEAK] for x in r], 1))
        cells.append(fmt_ci([x[AT88] for x in r], 2))
        print(f"| {cell} | {len(seeds)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
