# Per Config-2 Sort run: last map, final mark, reducers' shuffle end, relative to the last map.
import csv, sys
for base in sys.argv[1:]:
    for r in csv.DictReader(open(f'{base}/results.csv')):
        if r['config'] != 'config-2' or r['app'] != 'sort' or r['method'] not in ('stock', 'two-stage'):
            continue
        tasks = list(csv.DictReader(open(f"{base}/{r['run_dir']}/tasks.csv")))
        last = max(float(t['finish_s']) for t in tasks if t['type'] == 'map')
        sh = [float(t['shuffle_done_s']) for t in tasks if t['type'] == 'reduce']
        fin = f"{float(r['final_s']) - last:+.1f}" if r['final_s'] else '-'
        print(f"{base:16} {r['method']:9} rep{r['rep']} job {float(r['seconds']):5.1f} last map {last:5.1f} "
              f"final {fin:>5} shuffle ends {min(sh) - last:+.1f}..{max(sh) - last:+.1f} s after the last map")
