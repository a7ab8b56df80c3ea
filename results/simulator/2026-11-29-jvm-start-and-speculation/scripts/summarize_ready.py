"""Summarises Ready.java's output: median launch-to-ready of the simulated reducers by node class,
speculative copies that won (simulated / measured) and runs whose last map was a copy."""
import os, re, statistics as st, sys

for path in sys.argv[1:]:
    slow, fast, won, lastcopy, runs = [], [], [0, 0], [0, 0], 0
    for line in open(path):
        m = re.search(r"copies sim \d+ \(won (\d+)\) meas won (\d+)", line)
        if not m:
            continue
        runs += 1
        won[0] += int(m.group(1)); won[1] += int(m.group(2))
        c = re.search(r"copy=(\w+)/(\w+)", line)
        lastcopy[0] += c.group(1) == "true"; lastcopy[1] += c.group(2) == "true"
        for node, d in re.findall(r" (s|f)\d+:launch[-+\d.]+/ready[-+\d.]+\(([\d.]+)\)", line):
            (slow if node == "s" else fast).append(float(d))
    print(f"{os.path.basename(os.path.dirname(path))}: launch to JVM ready, median slow {st.median(slow):.0f} s ({min(slow):.0f}-{max(slow):.0f}),"
          f" fast {st.median(fast):.0f} s ({min(fast):.0f}-{max(fast):.0f}); copies that won: simulated"
          f" {won[0]}, measured {won[1]}; last map a copy: simulated {lastcopy[0]}, measured {lastcopy[1]} of {runs}")
