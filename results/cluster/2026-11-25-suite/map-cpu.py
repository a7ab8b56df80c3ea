# Median CPU seconds of a map attempt per cluster, application and method (stock, tarazu, pikachu, two-stage, fixed P
# pooled), over every successful map attempt in a suite directory's runs: what cutting map output into virtual bins
# (10 per reducer) costs the map side. Usage: python3 map-cpu.py <suite dir>
import csv, statistics as st, sys
from collections import defaultdict

base = sys.argv[1]
cpu = defaultdict(list)
for r in csv.DictReader(open(f'{base}/results.csv')):
    if r['status'] != 'ok':
        continue
    method = 'fixed' if r['method'].startswith('fixed-') else r['method']
    for t in csv.DictReader(open(f"{base}/{r['run_dir']}/tasks.csv")):
        if t['type'] == 'map':
            cpu[(r['config'], r['app'], method)].append(float(t['cpu_s']))
methods = ['stock', 'tarazu', 'pikachu', 'two-stage', 'fixed']
print('| cluster | app | ' + ' | '.join(methods) + ' |')
print('|' + ' --- |' * (len(methods) + 2))
for config, app in dict.fromkeys((c, a) for c, a, _ in cpu):
    cells = [f"{st.median(cpu[(config, app, m)]):.2f} ({len(cpu[(config, app, m)])})" if cpu[(config, app, m)] else '-'
             for m in methods]
    print(f'| {config} | {app} | ' + ' | '.join(cells) + ' |')
