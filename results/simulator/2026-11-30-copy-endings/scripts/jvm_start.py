# A task JVM's start cost, measured: the Java agent's whole-process CPU of each task JVM (boot included;
# ../../2026-11-30-speculator-decisions/jvm-cpu/) minus the task's own CPU counter (tasks.csv, which starts
# at the task's initialisation), for maps and reducers apart. Containers are matched to attempts on their
# node by launch time, nearest first, each container once (the first map's launch aligns the NM's clock with
# the job's; a reducer's NM launch comes up to about 1 s after the AM's launch time).
# Usage: jvm_start.py <the speculator-decisions run set's directory>
import csv, glob, gzip, statistics as st, sys

sys.path.insert(0, sys.argv[1] + '/scripts')
import agentlog  # noqa: E402

d = sys.argv[1] + '/jvm-cpu/'
launched = agentlog.launches(gzip.open(d + 'nm.log.gz', 'rt').read().splitlines())
apps = agentlog.jvms(gzip.open(d + 'jvmcpu.log.gz', 'rt').read().splitlines(), launched)
tasks = {}
for p in glob.glob(d + 'runs/**/tasks.csv', recursive=True):
    rows = list(csv.DictReader(open(p)))
    tasks['_'.join(rows[0]['attempt'].split('_')[1:3])] = rows
out = {'map': [], 'reduce': []}
for app, js in sorted(apps.items()):
    rows = tasks[app]
    t0 = min(j['launch'] for j in js) - min(float(r['start_s']) for r in rows)
    pairs = sorted((abs(j['launch'] - t0 - float(r['start_s'])), i, k)
                   for i, r in enumerate(rows) for k, j in enumerate(js) if j['node'] == r['node'])
    used_r, used_j = set(), set()
    for dist, i, k in pairs:
        if dist > 1.5 or i in used_r or k in used_j:
            continue
        used_r.add(i)
        used_j.add(k)
        r = rows[i]
        out[r['type']].append((js[k]['cpu'], float(r['cpu_s'])))
for kind, v in out.items():
    start = sorted(w - c for w, c in v)
    print('%-6s %2d task JVMs: whole JVM %.2f core-s, task counter %.2f, JVM start (whole - counter) median %.2f '
          '(10th %.2f, 90th %.2f)' % (kind, len(v), st.median(w for w, _ in v), st.median(c for _, c in v),
                                     st.median(start), start[len(start) // 10], start[9 * len(start) // 10]))
