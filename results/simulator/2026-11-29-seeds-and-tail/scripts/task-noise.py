"""The spread of task work within a stock run: log sigma of the maps' CPU counters on one node, and
of the reducers' CPU per byte. Usage: python3 task-noise.py <suite run set folder>"""
import csv, math, statistics, sys
from collections import defaultdict

base = sys.argv[1]
ss = dof = ssr = dofr = 0
for r in csv.DictReader(open(base + '/results.csv')):
    if r['status'] != 'ok' or r['method'] != 'stock':
        continue
    maps, red = defaultdict(list), []
    for t in csv.DictReader(open(base + '/' + r['run_dir'] + '/tasks.csv')):
        if t['type'] == 'map':
            maps[t['node']].append(math.log(float(t['cpu_s'])))
        else:
            red.append(math.log(float(t['cpu_s']) / float(t['shuffle_bytes'])))
    for v in list(maps.values()) + [red]:
        if len(v) > 1:
            m = statistics.mean(v)
            s = sum((x - m) ** 2 for x in v)
            if v is red:
                ssr, dofr = ssr + s, dofr + len(v) - 1
            else:
                ss, dof = ss + s, dof + len(v) - 1
print('maps: log sigma %.3f (%d dof); reducers per byte: %.3f (%d dof)' % (math.sqrt(ss / dof), dof, math.sqrt(ssr / dofr), dofr))
