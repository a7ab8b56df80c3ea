#!/usr/bin/env python3
"""Per reduce attempt: CPU (from /proc samples) in each phase its syslog names; rundir = suite run dir."""
import csv, glob, os, re, sys, bisect
from datetime import datetime
logroot, cpufile = sys.argv[1], sys.argv[2]
rundirs = sys.argv[3:]
samples = {}
for line in open(cpufile):
    t, att, pid, g, v = line.split()
    samples.setdefault(att, {}).setdefault(g, []).append((float(t), float(v)))
def cpu_at(att, g, t):
    s = samples.get(att, {}).get(g, [])
    if not s: return 0.0
    i = bisect.bisect_right([x[0] for x in s], t)
    return s[i - 1][1] if i > 0 else 0.0
def ts(line):
    return datetime.strptime(line[:23], '%Y-%m-%d %H:%M:%S,%f').timestamp()
syslogs = {}
for f in glob.glob(os.path.join(logroot, '**', 'syslog'), recursive=True):
    if f.endswith('_000001/syslog'): continue
    m = re.search(r'attempt_\d+_\d+_r_\d+_\d+', open(f, errors='replace').read())
    if m: syslogs[m.group(0)] = os.path.dirname(f)
G = ['main', 'jit', 'gc', 'fetch', 'other']
print('run,attempt,node,cpus_share,mb,bins,phase,wall_s,cpu_s,' + ','.join(G) + ',rate')
for rundir in rundirs:
    tasks = [t for t in csv.DictReader(open(os.path.join(rundir, 'tasks.csv'))) if t['type'] == 'reduce']
    nodes = {r['node']: r for r in csv.DictReader(open(os.path.join(rundir, 'nodes.csv')))}
    for t in tasks:
        att = t['attempt']; d = syslogs.get(att)
        if not d: continue
        lines = [l for l in open(os.path.join(d, 'syslog'), errors='replace').read().splitlines() if l[:4].isdigit()]
        sh = [l for l in (open(os.path.join(d, 'syslog.shuffle'), errors='replace').read().splitlines() if os.path.exists(os.path.join(d, 'syslog.shuffle')) else []) if l[:4].isdigit()]
        ev = {}
        for l in sorted(sh + lines, key=lambda l: l[:23]):
            if 'ReduceTask metrics system already' in l or 'Using ShuffleConsumerPlugin' in l: ev.setdefault('init', ts(l))
            if 'finalMerge called' in l or ('has all bins of' in l and 'final' in l): ev['merge'] = ts(l)
            if ('Merging 1 files' in l) or ('Final merge of' in l): ev['merged'] = ts(l)
            if 'mapred.skip.on is deprecated' in l: ev['reduce'] = ts(l)
            if 'is done. And is in the process of committing' in l: ev['reduced'] = ts(l)
            if re.search(r"Task '.*' done\.", l): ev['done'] = ts(l)
        s = samples.get(att, {}).get('total', [])
        if not s: continue
        ev['exit'] = s[-1][0] + 0.001
        ev['first'] = s[0][0] - 0.001
        bins = ''
        m = re.search(r'\(bins \{([^}]*)\}', open(os.path.join(d, 'syslog'), errors='replace').read())
        if m: bins = len(m.group(1).split(','))
        share = float(nodes[t['node']]['cpus']) / int(nodes[t['node']]['reduce_slots'])
        seq = [('start', 'first', 'init'), ('shuffle', 'init', 'merge'), ('merge', 'merge', 'merged'), ('reduce', 'merged', 'reduced'),
               ('commit', 'reduced', 'done'), ('exit', 'done', 'exit')]
        for name, a, b in seq:
            if a not in ev or b not in ev: continue
            wall = ev[b] - ev[a]
            per = [cpu_at(att, g, ev[b]) - cpu_at(att, g, ev[a]) for g in G]
            tot = cpu_at(att, 'total', ev[b]) - cpu_at(att, 'total', ev[a])
            print('%s,%s,%s,%.3f,%.1f,%s,%s,%.2f,%.2f,%s,%.3f' % (os.path.basename(os.path.dirname(rundir.rstrip('/'))), att[-12:], t['node'], share, int(t['shuffle_bytes']) / 1e6, bins, name, wall, tot, ','.join('%.2f' % x for x in per), tot / wall if wall > 0 else 0))
