#!/usr/bin/env python3
"""Summarises paired.sh's files: per round the two arms' CPU (user + system) and wall time,
the paired differences (B - A) and ratios, their median with a distribution-free interval
(the lowest and highest of n pairs cover the median with probability 1 - 2 / 2^n: 93.8% for 5, 96.9%
for 6), the mean with a 95% t-interval, and packet-hops per CPU-second. Usage: analyse.py DIR A B (the arm names given to paired.sh)"""
import math, re, statistics, sys, os

d = sys.argv[1]
A, B = sys.argv[2], sys.argv[3]
T95 = {4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}

def run(arm, r):
    wall, user, sys_, rss = open(f"{d}/time-{arm}-{r}.txt").read().split()
    txt = open(f"{d}/drill-{arm}-{r}.txt").read()
    hops = int(re.search(r"([\d,]+) packet-hops", txt).group(1).replace(",", ""))
    fct = re.search(r"mean FCT ([\d.]+) ms", txt).group(1)
    return float(wall), float(user) + float(sys_), hops, fct

rounds = sorted({int(m.group(1)) for f in os.listdir(d) for m in [re.match(rf"time-{B}-(\d+)\.txt", f)] if m
                 and os.path.exists(f"{d}/time-{A}-{m.group(1)}.txt")})
n = len(rounds)
print(f"{n} rounds")
print(f"round  {A}: wall CPU  {B}: wall CPU  CPU {B}-{A}  CPU {B}/{A}  M hops/CPU-s {A} {B}")
dc, dw, rc, hb, ha = [], [], [], [], []
for r in rounds:
    bw, bc, bh, bf = run(A, r)
    aw, ac, ah, af = run(B, r)
    assert bh == ah and bf == af, f"round {r}: outputs differ ({bh} vs {ah} hops, FCT {bf} vs {af})"
    dc.append(ac - bc); dw.append(aw - bw); rc.append(ac / bc); hb.append(bh / bc / 1e6); ha.append(ah / ac / 1e6)
    print(f"{r:5d}  {bw:7.1f} {bc:6.1f}  {aw:7.1f} {ac:6.1f}  {ac-bc:+8.1f}  {ac/bc:8.3f}  {bh/bc/1e6:6.2f} {ah/ac/1e6:6.2f}")

def summary(name, xs, unit):
    med = statistics.median(xs)
    cover = 1 - 2 / 2 ** len(xs)
    m = statistics.mean(xs)
    h = T95.get(len(xs), 2.0) * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    print(f"{name}: median {med:+.3f}{unit} (lowest-highest {min(xs):+.3f} to {max(xs):+.3f}, a {100*cover:.1f}% "
          f"interval for the median); mean {m:+.3f}{unit} (95% t-interval {m-h:+.3f} to {m+h:+.3f})")

summary(f"CPU {B} - {A}", dc, " s")
summary(f"wall {B} - {A}", dw, " s")
summary(f"CPU ratio {B} / {A}", rc, "")
print(f"packet-hops per CPU-second: {A} median {statistics.median(hb):.2f} M ({min(hb):.2f}-{max(hb):.2f}), "
      f"{B} median {statistics.median(ha):.2f} M ({min(ha):.2f}-{max(ha):.2f})")
bws = [run(A, r)[0] for r in rounds]; aws = [run(B, r)[0] for r in rounds]
print(f"wall: {A} median {statistics.median(bws):.1f} s ({min(bws):.1f}-{max(bws):.1f}), "
      f"{B} median {statistics.median(aws):.1f} s ({min(aws):.1f}-{max(aws):.1f})")
