# Per run and per application: job time, last map, the final mark and the reducers' shuffle end
# relative to the last map, and the job's end after the last map (stock against two-stage).
# Usage: python3 tails.py <suite dir> [config]
import csv, statistics, sys
from collections import defaultdict

base = sys.argv[1]
config = sys.argv[2] if len(sys.argv) > 2 else 'config-2'
by_app = defaultdict(lambda: defaultdict(list))
for r in csv.DictReader(open(f'{base}/results.csv')):
    if r['config'] != config or r['status'] != 'ok' or r['method'] not in ('stock', 'two-stage'):
        continue
    tasks = list(csv.DictReader(open(f"{base}/{r['run_dir']}/tasks.csv")))
    last = max(float(t['finish_s']) for t in tasks if t['type'] == 'map')
    shuffle = [float(t['shuffle_done_s']) for t in tasks if t['type'] == 'reduce']
    job = float(r['seconds'])
    final = f"{float(r['final_s']) - last:+.1f}" if r['final_s'] else '-'
    print(f"{r['app']:15} {r['method']:9} rep{r['rep']} job {job:5.1f} last map {last:5.1f} "
          f"final {final:>5} shuffle ends {min(shuffle) - last:+.1f}..{max(shuffle) - last:+.1f} "
          f"job end {job - last:+.1f} s after the last map, P {r['provisional_p'] or '-'} -> "
          f"{r['fastest_p'] or '-'}, bins {r['reducer_bins'] or 'even'}")
    by_app[r['app']][r['method']].append((job, last, job - last))

print()
print('| App | stock (s) | two-stage (s) | two-stage vs stock | last map, stock / two-stage (s) | job end after the last map, stock / two-stage (s) |')
print('| --- | --- | --- | --- | --- | --- |')
for app, m in by_app.items():
    s, t = m['stock'], m['two-stage']
    if not s or not t:
        continue
    ms, mt = statistics.median(x[0] for x in s), statistics.median(x[0] for x in t)
    fmt = lambda runs, i: ', '.join(f'{x[i]:.1f}' for x in runs)
    print(f"| {app} | {ms:.1f} ({' / '.join(f'{x[0]:.1f}' for x in s)}) | {mt:.1f} "
          f"({' / '.join(f'{x[0]:.1f}' for x in t)}) | {100 * (mt - ms) / ms:+.1f}% | "
          f"{fmt(s, 1)} / {fmt(t, 1)} | {fmt(s, 2)} / {fmt(t, 2)} |")
