"""Speculative copies that won and runs whose last map was a copy, simulated against measured, summed over
the held-back runs of Ready.java's output (../2026-11-29-jvm-start-and-speculation/scripts/Ready.java).
Usage: python3 copies_won.py READY_OUTPUT"""
import re
import sys

won_sim = won_meas = runs = last_sim = last_meas = 0
for line in open(sys.argv[1]):
    m = re.search(r"copies sim \d+ \(won (\d+)\) meas won (\d+) \| \S+\s+r\d copy=(\w+)/(\w+)", line)
    if not m:
        continue
    runs += 1
    won_sim += int(m.group(1))
    won_meas += int(m.group(2))
    last_sim += m.group(3) == "true"
    last_meas += m.group(4) == "true"
print(f"{runs} runs: copies that won, simulated {won_sim}, measured {won_meas}; "
      f"runs whose last map was a copy, simulated {last_sim}, measured {last_meas}")
