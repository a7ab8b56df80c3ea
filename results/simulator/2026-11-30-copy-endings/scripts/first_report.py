# When a map attempt first reports its status to the AM, from the AM plugin's traces (every status it saw):
# the phase and progress of the first report after launch, how long before the attempt's success it came
# and at what share of its life, and how many reports a map sends while running.
# Usage: first_report.py <trace.jsonl>...
import json, statistics as st, sys

phases, progress, before_end, share, running = {}, [], [], [], []
for p in sys.argv[1:]:
    by = {}
    for line in open(p):
        r = json.loads(line)
        if r.get('type') == 'MAP':
            by.setdefault(r['attemptId'], []).append(r)
    for rs in by.values():
        rs.sort(key=lambda r: r['timeMs'])
        reports = [r for r in rs if r['phase'] != 'STARTING']
        end = [r['timeMs'] for r in rs if r['state'] == 'SUCCEEDED']
        if not reports or not end:
            continue
        first, launch = reports[0], rs[0]['launchTimeMs']
        phases[first['phase']] = phases.get(first['phase'], 0) + 1
        progress.append(first['progress'])
        before_end.append((end[0] - first['timeMs']) / 1000)
        share.append((first['timeMs'] - launch) / max(1, end[0] - launch))
        running.append(sum(1 for r in reports if r['state'] == 'RUNNING'))


def q(v):
    v = sorted(v)
    return 'median %.2f (10th %.2f, 90th %.2f)' % (st.median(v), v[len(v) // 10], v[9 * len(v) // 10])


print('%d succeeded map attempts; phase of the first report: %s; its progress 0 in %d' % (
    len(progress), phases, sum(1 for x in progress if x == 0)))
print('first report before the attempt\'s end, s: ' + q(before_end))
print('first report at this share of the attempt\'s life: ' + q(share))
print('reports while running, per attempt: ' + str({k: running.count(k) for k in sorted(set(running))}))
