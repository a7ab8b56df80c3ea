"""Paired CPU-seconds of two-stage against stock per round, over all rounds and over the rounds
where two-stage kept the even map (results.csv column `rebalanced` false): median, then mean and
half its 95% t interval. The suite's `compare` gives the first; this adds the second.

Usage: python3 even_map_cpu.py FOLDER   (a suite output folder: results.csv and runs/)
"""
import csv
import os
import statistics
import sys
from math import sqrt

from scipy.stats import t as student_t  # noqa: E402  (only for the t quantile)


def cpu(folder, run, kind):
    with open(os.path.join(folder, run["run_dir"], "tasks.csv")) as f:
        return sum(float(x["cpu_s"]) for x in csv.DictReader(f) if x["type"] == kind)


def summary(diffs):
    n = len(diffs)
    half = student_t.ppf(0.975, n - 1) * statistics.stdev(diffs) / sqrt(n)
    return f"median {statistics.median(diffs):+.1f}%, mean {statistics.mean(diffs):+.1f} ± {half:.1f}, n {n}"


def main(folder):
    with open(os.path.join(folder, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    rounds = {}
    for r in rows:
        rounds.setdefault(int(r["rep"]), {})[r["method"]] = r
    for kind in ("reduce", "map"):
        every, even = [], []
        for _, m in sorted(rounds.items()):
            d = 100 * (cpu(folder, m["two-stage"], kind) / cpu(folder, m["stock"], kind) - 1)
            every.append(d)
            if m["two-stage"]["rebalanced"] == "false":
                even.append(d)
        print(f"{kind} CPU-s, all rounds: {summary(every)}; even map kept: {summary(even)}")


if __name__ == "__main__":
    main(sys.argv[1])
