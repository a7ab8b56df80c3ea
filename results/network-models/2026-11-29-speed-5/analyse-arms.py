#!/usr/bin/env python3
"""Summary of arms.sh's console.txt: per arm the whole process's CPU (user + system) over the rounds; for
every pair of arms asked for, the paired differences (B - A) per round with their median, the lowest-highest
interval (it covers the median with probability 1 - 2 / 2^n) and the mean with a 95% t-interval; and, with
--netbench NB_ARM, each arm's ratio to NetBench in packet-hops per CPU-second of the whole process, per
round (against that round's NetBench run), with the median and the worst (lowest) pairing; arms whose name
starts with "nb" are NetBench's and get no ratio.
Usage: analyse-arms.py CONSOLE [--netbench NB_ARM NB_HOPS OUR_HOPS] [--diff A B]..."""
import math, re, statistics, sys
T95 = {2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201}
args = sys.argv[1:]
path = args.pop(0)
nb = None; diffs = []
while args:
    o = args.pop(0)
    if o == "--netbench":
        nb = (args.pop(0), float(args.pop(0)), float(args.pop(0)))
    elif o == "--diff":
        diffs.append((args.pop(0), args.pop(0)))
    else:
        sys.exit(f"unknown option {o}")
cpu = {}
for line in open(path):
    m = re.match(r"(\S+) (\d+) \S+ loadavg \S+ time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", line)
    if m:
        cpu[(m.group(1), int(m.group(2)))] = float(m.group(4)) + float(m.group(5))
arms = list(dict.fromkeys(a for a, _ in sorted(cpu, key=lambda k: k[1])))
def rounds(*names):
    return sorted({r for _, r in cpu if all((n, r) in cpu for n in names)})
for a in arms:
    v = [cpu[(a, r)] for r in rounds(a)]
    print(f"{a}: {len(v)} runs, CPU median {statistics.median(v):.3f} s (min {min(v):.3f}, max {max(v):.3f})")
def spread(label, d, unit):
    n = len(d); s = sorted(d); mean = statistics.mean(d)
    h = T95.get(n - 1, 2.0) * statistics.stdev(d) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{label}: n {n}, median {statistics.median(d):+.3f}{unit} (lowest-highest {s[0]:+.3f} to {s[-1]:+.3f}, "
          f"{100 * (1 - 2 / 2 ** n):.1f}% for the median); mean {mean:+.3f}{unit}, 95% t-interval "
          f"{mean - h:+.3f} to {mean + h:+.3f}")
for a, b in diffs:
    rs = rounds(a, b)
    spread(f"CPU {b} - {a}", [cpu[(b, r)] - cpu[(a, r)] for r in rs], " s")
if nb:
    name, nbh, oh = nb
    for a in arms:
        if a.startswith("nb"):  # NetBench's arms: not ours, their packet-hops differ
            continue
        rs = rounds(a, name)
        ratios = [(oh / cpu[(a, r)]) / (nbh / cpu[(name, r)]) for r in rs]
        s = sorted(ratios)
        print(f"{a} / {name}: pairs " + ", ".join(f"{x:.2f}" for x in ratios)
              + f"; median {statistics.median(ratios):.2f}x, worst pairing {s[0]:.2f}x, best {s[-1]:.2f}x")
