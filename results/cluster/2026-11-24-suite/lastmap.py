# Usage: lastmap.py <suite dir>/runs. For each run: the last map to finish (node, start, end) and the number of maps per node.
import csv, glob, os, sys
base = sys.argv[1] if len(sys.argv) > 1 else 'runs'
for d in sorted(glob.glob(f'{base}/*/*/*/rep*')):
    rows = list(csv.DictReader(open(f'{d}/tasks.csv')))
    maps = [r for r in rows if r['type'] == 'map']
    last = max(maps, key=lambda r: float(r['finish_s']))
    per = {}
    for r in maps: per[r['node']] = per.get(r['node'], 0) + 1
    slow = [float(r['finish_s']) - float(r['start_s']) for r in maps if r['node'].startswith('slow')]
    print(os.path.relpath(d, base), 'last map', last['node'], last['start_s'], '->', last['finish_s'], 'maps/node', per,
          'slow-node map wall s', ' '.join(f'{s:.0f}' for s in slow))
