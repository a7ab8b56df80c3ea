#!/usr/bin/env python3
"""Speedup of two-stage over stock per seed (stock seconds / two-stage seconds, same seed), and
its mean with a 95% t interval over the seeds, before and after the fix.

Input: runs.csv (app, fast_core_speed, seed, code, method, job_s, p, applied_ratio), where code is
"before" or "after"; stock runs do not use the controller, so they are the same for both codes.
"""
import csv
import math
import statistics
import sys
from collections import defaultdict

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447}


def main(path):
    stock = {}
    two = defaultdict(dict)
    for r in csv.DictReader(open(path)):
        key = (r["app"], r["fast_core_speed"], int(r["seed"]))
        if r["method"] == "stock":
            stock[key] = float(r["job_s"])
        else:
            two[r["code"]][key] = (float(r["job_s"]), float(r["p"]))
    print("| app | fast cores | code | speedup per seed 1-5 (P) | mean [95% interval] | seeds slower than stock |")
    print("| --- | --- | --- | --- | --- | --- |")
    cells = sorted({(k[0], k[1]) for k in stock})
    for app, speed in cells:
        for code in ("before", "after"):
            seeds = sorted(k[2] for k in two[code] if k[:2] == (app, speed))
            if not seeds:
                continue
            ups = [stock[(app, speed, s)] / two[code][(app, speed, s)][0] for s in seeds]
            ps = [two[code][(app, speed, s)][1] for s in seeds]
            m = statistics.mean(ups)
            h = T975[len(ups) - 1] * statistics.stdev(ups) / math.sqrt(len(ups)) if len(ups) > 1 else float("nan")
            per = ", ".join("%.3f (%.2f)" % (u, p) for u, p in zip(ups, ps))
            slower = sum(1 for u in ups if u < 1)
            print("| %s | %sx | %s | %s | %.3f [%.3f, %.3f] | %d of %d |" % (app, speed, code, per, m, m - h, m + h, slower, len(ups)))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "runs.csv")
