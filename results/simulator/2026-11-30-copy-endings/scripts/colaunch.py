# How much maps launched together differ: per run, the original map attempts that succeeded, grouped on
# each node by launch within 0.2 s of the group's first; for each group of at least 3, the coefficient of
# variation of their durations (they share the node's CPU evenly, so it is the spread of their whole work,
# JVM start included). Medians and 90th percentiles, first wave (launched within 5 s of the job's start)
# and later waves apart.
# Usage: colaunch.py <run set directory>...   (each holding runs/**/tasks.csv)
import csv, glob, statistics as st, sys


def groups(path):
    rows = [r for r in csv.DictReader(open(path)) if r['type'] == 'map' and r['attempt'].endswith('_0')]
    by = {}
    for r in rows:
        by.setdefault(r['node'], []).append((float(r['start_s']), float(r['finish_s']) - float(r['start_s'])))
    out = []
    for launches in by.values():
        launches.sort()
        g = [launches[0]]
        for x in launches[1:]:
            if x[0] - g[0][0] <= 0.2:
                g.append(x)
            else:
                if len(g) >= 3:
                    out.append(g)
                g = [x]
        if len(g) >= 3:
            out.append(g)
    return out


def summary(cvs):
    if not cvs:
        return 'n=0'
    return 'n=%d median CV %.3f p90 %.3f' % (len(cvs), st.median(cvs), sorted(cvs)[int(0.9 * len(cvs))])


for root in sys.argv[1:]:
    first, later = [], []
    for p in glob.glob(root + '/**/tasks.csv', recursive=True):
        for g in groups(p):
            d = [x[1] for x in g]
            (first if g[0][0] < 5 else later).append(st.pstdev(d) / st.mean(d))
    print(root, '| first wave:', summary(first), '| later:', summary(later))
