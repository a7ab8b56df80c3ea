# Usage: tail.py <suite dir>/results.csv. Per app and method: job time, last map, and the job's end after the last map (tail), per rep.
import csv, statistics as st, sys
rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else '/tmp/suite-16/results.csv')))
from collections import defaultdict
g = defaultdict(list)
for r in rows:
    if r['status'] != 'ok': continue
    m = r['method'] if r['method'] != 'optimal' else 'P=' + r['fixed_p']
    g[(r['config'], r['app'], m)].append(r)
for k, rs in g.items():
    secs = [float(r['seconds']) for r in rs]
    maps = [float(r['maps_done_s']) for r in rs]
    tail = [s - m for s, m in zip(secs, maps)]
    print(f"{k[0]:10} {k[1]:15} {k[2]:10} job {' / '.join(f'{s:.1f}' for s in secs):20} med {st.median(secs):6.1f} | last map {' / '.join(f'{s:.1f}' for s in maps):14} | tail {' / '.join(f'{s:.1f}' for s in tail):12} med {st.median(tail):5.1f}")
