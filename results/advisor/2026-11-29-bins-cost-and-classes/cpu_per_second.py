"""A reducer's whole CPU with bins (counters) against its shuffle's length, per job (issue 45).

For each job with bins: the line CPU = a + b x MB over its reducers (a: the fixed part advise's ReducerCpu
takes from such a history), and each reducer's CPU beyond the stock reducers' median CPU per MB of the
same set and application times its MB, over the seconds from its launch to its shuffle's end.
Usage: python3 cpu_per_second.py WORKDIR
"""
import collections, statistics as st, sys
import numpy as np

W = sys.argv[1]
for S in ['pairs', 'holdout', 'five']:
    jobs = collections.OrderedDict()
    for l in open(f'{W}/red-{S}.txt'):
        p = l.split()
        jobs.setdefault(p[1], []).append(dict(app=p[2], bins=p[3] == 'true', start=float(p[10]),
                                              sd=float(p[11]), mb=float(p[13]), cpu=float(p[14])))
    stock = collections.defaultdict(list)
    for rs in jobs.values():
        if not rs[0]['bins']:
            stock[rs[0]['app']] += [r['cpu'] / r['mb'] for r in rs]
    out = collections.defaultdict(list)
    for j, rs in jobs.items():
        if not rs[0]['bins']:
            continue
        x = np.array([r['mb'] for r in rs]); y = np.array([r['cpu'] for r in rs])
        b, a = np.polyfit(x, y, 1)
        life = st.mean(r['sd'] - r['start'] for r in rs)
        extra = st.mean(y - st.median(stock[rs[0]['app']]) * x)
        print(f"{S} {j} {rs[0]['app']} a={a:.3f} core-s, beyond stock={extra:.3f} core-s, shuffle {life:.1f} s, "
              f"{1000 * extra / life:.1f} ms per s")
        for k, v in (('a', a), ('beyond', extra), ('shuffle_s', life), ('ms_per_s', 1000 * extra / life)):
            out[k].append(v)
    print(S, 'medians [range]:', ', '.join('%s %.3f [%.3f, %.3f]' % (k, st.median(v), min(v), max(v)) for k, v in out.items()))
