"""Per application: reducers' post-shuffle core-seconds (finish - shuffle end, times node cores over
reduce slots) against their bytes, in runs with bins that moved nothing after fetching (least
squares), and per MB in stock runs. Usage: python3 post-shuffle-shape.py <suite run set folder>"""
import csv, statistics, sys
from collections import defaultdict

base = sys.argv[1]
bins, stock = defaultdict(list), defaultdict(list)
for r in csv.DictReader(open(base + '/results.csv')):
    if r['status'] != 'ok':
        continue
    moved = int(r['reshuffled_bytes']) + int(r['dropped_bytes'])
    if r['method'] != 'stock' and moved > 0:
        continue
    d = base + '/' + r['run_dir']
    nodes = {n['node']: n for n in csv.DictReader(open(d + '/nodes.csv'))}
    for t in csv.DictReader(open(d + '/tasks.csv')):
        mb = float(t['shuffle_bytes']) / 1e6
        if t['type'] != 'reduce' or mb <= 0:
            continue
        n = nodes[t['node']]
        core_s = (float(t['finish_s']) - float(t['shuffle_done_s'])) * float(n['cpus']) / int(n['reduce_slots'])
        (stock if r['method'] == 'stock' else bins)[r['app']].append((mb, core_s))
for app in sorted(bins):
    xs, ys = zip(*bins[app])
    mx, my = statistics.mean(xs), statistics.mean(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    a = my - b * mx
    r2 = 1 - sum((y - a - b * x) ** 2 for x, y in zip(xs, ys)) / sum((y - my) ** 2 for y in ys)
    c = statistics.median(y / x for x, y in stock[app])
    print('%-14s %3d reducers, %.1f-%.1f MB: %.3f + %.4f/MB core-s (R2 %.2f); stock %.4f/MB: fixed %.1f MB of stock work, %.2f x per MB'
          % (app, len(xs), min(xs), max(xs), a, b, r2, c, a / c, b / c))
