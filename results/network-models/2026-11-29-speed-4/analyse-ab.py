#!/usr/bin/env python3
"""Paired A/B from ab-ours.sh's or ab-start.sh's console.txt: per round the two arms' CPU (user + system of the
whole process) and, where printed, the simulating thread's CPU; the paired differences (B - A), their median
with the lowest-highest interval (it covers the median with probability 1 - 2 / 2^n) and the mean with a 95%
t-interval. Usage: analyse-ab.py CONSOLE A B"""
import math, re, statistics, sys
T95 = {3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306, 10: 2.262, 11: 2.228, 12: 2.201}
path, A, B = sys.argv[1:4]
runs = {}
for line in open(path):
    f = line.split()
    if len(f) < 3 or f[0] not in (A, B):
        continue
    nums = re.findall(r"time ([\d.]+) ([\d.]+) ([\d.]+)", line)
    if nums:
        wall, user, sys_ = map(float, nums[0])
    else:  # ab-start.sh: "arm round wall user sys"
        wall, user, sys_ = map(float, f[2:5])
    sim = re.search(r"sim ([\d.]+)", line)
    runs[(f[0], int(f[1]))] = (user + sys_, float(sim.group(1)) if sim else None)
rounds = sorted(r for (a, r) in runs if a == A and (B, r) in runs)
def summary(label, d):
    n = len(d); s = sorted(d); med = statistics.median(d); mean = statistics.mean(d)
    sd = statistics.stdev(d) if n > 1 else 0.0; h = T95.get(n - 1, 2.0) * sd / math.sqrt(n)
    print(f"{label}: median {med:+.3f} s (lowest-highest {s[0]:+.3f} to {s[-1]:+.3f}, "
          f"{100 * (1 - 2 / 2 ** n):.2f}% for the median); mean {mean:+.3f} s, 95% t-interval "
          f"{mean - h:+.3f} to {mean + h:+.3f}")
print(f"{len(rounds)} rounds; CPU {A} median {statistics.median(runs[(A, r)][0] for r in rounds):.3f} s, "
      f"{B} median {statistics.median(runs[(B, r)][0] for r in rounds):.3f} s")
summary(f"process CPU {B} - {A}", [runs[(B, r)][0] - runs[(A, r)][0] for r in rounds])
if all(runs[(A, r)][1] is not None for r in rounds):
    summary(f"simulating thread CPU {B} - {A}", [runs[(B, r)][1] - runs[(A, r)][1] for r in rounds])
    summary(f"rest of the process (start-up, JIT) {B} - {A}",
            [(runs[(B, r)][0] - runs[(B, r)][1]) - (runs[(A, r)][0] - runs[(A, r)][1]) for r in rounds])
