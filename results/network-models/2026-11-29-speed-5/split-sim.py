#!/usr/bin/env python3
"""ab/: each arm's whole-process CPU split into the simulating thread's (the run's own "s CPU in the
simulation") and the rest (the JVM's start, class loading, the JIT's compiler threads, GC); medians over the
rounds, and the rest's paired difference to the plain arm per round. Usage: split-sim.py [DIR] (ab)"""
import glob, os, re, statistics, sys
d = sys.argv[1] if len(sys.argv) > 1 else "ab"
runs = {}
for f in glob.glob(os.path.join(d, "time-*.txt")):
    arm, r = re.match(r".*time-(.*)-(\d+)\.txt", f).groups()
    wall, user, sys_, rss = open(f).read().split()[-4:]
    sim = float(re.search(r"([\d.]+) s CPU in the simulation", open(os.path.join(d, f"out-{arm}-{r}.txt")).read()).group(1))
    runs[(arm, int(r))] = (float(user) + float(sys_), sim, float(sys_))
arms = sorted({a for a, _ in runs}, key=lambda a: (a != "plain", a))
rounds = sorted({r for _, r in runs})
for a in arms:
    v = [runs[(a, r)] for r in rounds]
    print(f"{a}: process {statistics.median(x[0] for x in v):.3f} s, simulating thread {statistics.median(x[1] for x in v):.3f} s, "
          f"rest {statistics.median(x[0] - x[1] for x in v):.3f} s, of which system {statistics.median(x[2] for x in v):.3f} s (medians)")
for a in arms[1:]:
    dd = sorted((runs[(a, r)][0] - runs[(a, r)][1]) - (runs[("plain", r)][0] - runs[("plain", r)][1]) for r in rounds)
    print(f"rest {a} - plain, per round, sorted: " + ", ".join(f"{x:+.2f}" for x in dd) + f"; median {statistics.median(dd):+.3f} s")
