# Per application and node class: reducers' merge (shuffle end to sort end) and reduce (sort end to finish)
# durations and CPU seconds, medians, stock / two-stage. Usage: python3 reducer-cpu.py <config> <suite dir>...
import csv, statistics, sys
from collections import defaultdict
acc = defaultdict(lambda: defaultdict(list))
cfg = sys.argv[1]
for base in sys.argv[2:]:
    for r in csv.DictReader(open(f'{base}/results.csv')):
        if r['status']!='ok' or r['method'] not in ('stock','two-stage') or r['config']!=cfg: continue
        for t in csv.DictReader(open(f"{base}/{r['run_dir']}/tasks.csv")):
            if t['type']!='reduce': continue
            cls = t['node'].split('-')[0]
            acc[(r['app'], cls)][r['method']].append((float(t['sort_done_s'])-float(t['shuffle_done_s']), float(t['finish_s'])-float(t['sort_done_s']), float(t['cpu_s'])))
for k in sorted(acc):
    m = acc[k]
    if not m['stock'] or not m['two-stage']: continue
    f = lambda l,i: statistics.median(x[i] for x in l)
    print(k, 'n', len(m['stock']), len(m['two-stage']), 'merge %.2f / %.2f' % (f(m['stock'],0), f(m['two-stage'],0)), 'reduce %.2f / %.2f' % (f(m['stock'],1), f(m['two-stage'],1)), 'cpu %.2f / %.2f' % (f(m['stock'],2), f(m['two-stage'],2)))
