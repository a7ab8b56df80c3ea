# Whether the measured runs' chance of ending on a speculative copy depends on the method: per Config-1
# method, the runs whose last map to finish was a copy (tasks.csv: an attempt not numbered _0), and a
# permutation test of the methods' counts (chi-square statistic; methods relabelled at random within each
# application and repetition, which keeps every run's own outcome).
# Usage: copy_counts.py <validation.csv> <the suite's runs/ directory>
import csv, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from relabel import Relabeller  # noqa: E402

rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['config'] == 'config-1']
runs = sys.argv[2]


def copy_last(r):
    d = os.path.join(runs, r['app'], r['config'], r['method'], 'rep' + r['rep'])
    maps = [t for t in csv.DictReader(open(os.path.join(d, 'tasks.csv'))) if t['type'] == 'map']
    return not max(maps, key=lambda t: float(t['finish_s']))['attempt'].endswith('_0')


for r in rows:
    r['copy'] = copy_last(r)


def chi2(rs):
    by = {}
    for r in rs:
        c = by.setdefault(r['method'], [0, 0])
        c[0 if r['copy'] else 1] += 1
    total = [sum(c[i] for c in by.values()) for i in (0, 1)]
    n = sum(total)
    s = 0.0
    for c in by.values():
        k = sum(c)
        for i in (0, 1):
            e = k * total[i] / n
            s += (c[i] - e) ** 2 / e
    return s, by


obs, by = chi2(rows)
for m in sorted(by):
    print('%-11s %2d of %2d runs ended on a copy' % (m, by[m][0], sum(by[m])))
print('all         %2d of %d' % (sum(c[0] for c in by.values()), len(rows)))
relabeller = Relabeller(rows)
rng = random.Random(1)
n, hit = 20000, 0
for _ in range(n):
    perm = relabeller.relabelled(rng)
    if chi2(perm)[0] >= obs - 1e-12:
        hit += 1
print('chi-square %.2f; relabellings at least as uneven: %d of %d (p = %.3f)' % (obs, hit, n, hit / n))
