#!/usr/bin/env python3
"""Seed 002's figures: the 1 s runs against the same runs given 1 s more (--tail 1s).

Usage: compare.py OLD.csv NEW.csv  (drill-load.csv or drill-staleness.csv of each)
Prints, per load and scheme: flows measured, unfinished, mean FCT and vs_drill of each, and the
change of vs_drill; and checks that what the tail cannot change (the flows measured, the queue
samples, which lie in the same window) is equal in both files.
"""
import csv
import sys


def rows(path):
    with open(path) as f:
        return {(r["load"], r["scheme"]): r for r in csv.DictReader(f)}


old, new = rows(sys.argv[1]), rows(sys.argv[2])
if set(old) != set(new):
    sys.exit("different points: %s" % sorted(set(old) ^ set(new)))
print("load  scheme      flows  unfin 1s -> tail  mean ms 1s -> tail   vs_drill 1s -> tail  change")
same_queues = True
for key in old:  # the file's own order
    o, n = old[key], new[key]
    if o["flows"] != n["flows"] and int(n["flows"]) + int(n["unfinished"]) != int(o["flows"]) + int(o["unfinished"]):
        print("  ! measured flows differ at", key)
    for q in ("queue_std_leaf", "queue_std_spine", "queue_std"):
        if o[q] != n[q]:
            same_queues = False
    vo, vn = float(o["vs_drill"]), float(n["vs_drill"])
    print(
        "%-5s %-10s %6d  %5s -> %-5s  %7s -> %-8s  %6s -> %-6s  %+6.1f%%"
        % (key[0], key[1], int(o["flows"]) + int(o["unfinished"]), o["unfinished"], n["unfinished"],
           o["mean_fct_ms"], n["mean_fct_ms"], o["vs_drill"], n["vs_drill"], 100 * (vn / vo - 1))
    )
print("queue columns equal in both files (sampled in the same window):", same_queues)
