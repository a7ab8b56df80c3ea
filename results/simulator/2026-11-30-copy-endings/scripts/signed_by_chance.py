# The grouping (each method over all its runs; fixed P on Config-1 only): per-method median signed
# reduce-tail error, and over random relabellings of the methods within each Config-1 (app, repetition)
# block, how often every method's median lies within +/-5% and how far the worst lies.
import csv, os, sys, random, statistics as st
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from relabel import Relabeller  # noqa: E402
rows = list(csv.DictReader(open(sys.argv[1])))
def medians(rs):
    by = {}
    for r in rs: by.setdefault(r['method'], []).append(float(r['reduce_tail_error']))
    return {m: st.median(v) for m, v in by.items()}
obs = medians(rows)
print('observed: ' + ', '.join('%s %+.1f%%' % (m, 100 * v) for m, v in sorted(obs.items())))
relabeller = Relabeller(rows)
rng = random.Random(1); n = 20000; within = 0; worst = []
for _ in range(n):
    perm = relabeller.relabelled(rng)
    meds = medians(perm).values()
    w = max(abs(v) for v in meds); worst.append(w)
    if w <= 0.05: within += 1
worst.sort()
print('relabellings with every method within +/-5%%: %d of %d (%.1f%%); worst |median| median %.1f%%, 90th pct %.1f%%; observed worst %.1f%%'
      % (within, n, 100.0 * within / n, 100 * worst[n // 2], 100 * worst[int(0.9 * n)], 100 * max(abs(v) for v in obs.values())))
