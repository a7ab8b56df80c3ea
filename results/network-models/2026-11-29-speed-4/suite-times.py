#!/usr/bin/env python3
"""Sums the surefire reports of one verify: tests, failures, and each class's time, slowest first.
Usage: suite-times.py SUREFIRE_REPORTS_DIR"""
import glob, re, sys
rows = []
for f in glob.glob(sys.argv[1] + "/TEST-*.xml"):
    head = open(f).read(4000)
    m = re.search(r"<testsuite[^>]*>", head).group(0)
    get = lambda k: re.search(rf'\b{k}="([^"]*)"', m).group(1)
    rows.append((float(get("time").replace(",", "")), int(get("tests")), int(get("failures")), int(get("errors")),
                 int(get("skipped")), get("name")))
rows.sort(reverse=True)
print(f"{len(rows)} classes, {sum(r[1] for r in rows)} tests, {sum(r[2] for r in rows)} failures, "
      f"{sum(r[3] for r in rows)} errors, {sum(r[4] for r in rows)} skipped; "
      f"sum of class times {sum(r[0] for r in rows):.1f} s")
for r in rows[:12]:
    print(f"{r[0]:8.1f} s  {r[1]:3d} tests  {r[5]}")
