#!/usr/bin/env python3
"""Per reduce attempt: phases from its own syslog against the job history's tasks.csv."""
import csv, glob, os, re, sys
from datetime import datetime

logroot, rundir = sys.argv[1], sys.argv[2]
tasks = list(csv.DictReader(open(os.path.join(rundir, 'tasks.csv'))))
def ts(line):
    return datetime.strptime(line[:23], '%Y-%m-%d %H:%M:%S,%f').timestamp()
rows = []
for t in tasks:
    if t['type'] != 'reduce':
        continue
    att = t['attempt']
    hits = [f for f in glob.glob(os.path.join(logroot, '**', 'syslog'), recursive=True)
            if att in open(f, errors='replace').read() and 'container_' in f and not f.endswith('_000001/syslog')]
    if not hits:
        print('no log for', att); continue
    d = os.path.dirname(hits[0])
    lines = open(os.path.join(d, 'syslog'), errors='replace').read().splitlines()
    sh = open(os.path.join(d, 'syslog.shuffle'), errors='replace').read().splitlines() if os.path.exists(os.path.join(d, 'syslog.shuffle')) else []
    ev = {}
    first = ts(lines[0])
    ev['jvm_first_log'] = first
    for l in sh + lines:
        if not l[:4].isdigit():
            continue
        if 'closeInMemoryFile' in l or 'closeOnDiskFile' in l:
            ev['last_fetch'] = ts(l)
        if 'finalMerge called' in l: ev['final_merge'] = ts(l)
        if 'to disk to satisfy reduce memory limit' in l: ev['merged_to_disk'] = ts(l)
        if 'Down to the last merge-pass, with 1 segments' in l: ev['reduce_start'] = ts(l)
        if 'is done. And is in the process of committing' in l: ev['reduce_end'] = ts(l)
        if 'is allowed to commit now' in l: ev['commit_ok'] = ts(l)
        if 'Saved output of task' in l: ev['saved'] = ts(l)
        if re.search(r"Task '.*' done\.", l): ev['task_done'] = ts(l)
        if 'ReduceTask metrics system already' in l: ev['task_init'] = ts(l)
        if 'mapred.skip.on is deprecated' in l: ev['reduce_conf'] = ts(l)
    ev['last_log'] = ts([l for l in lines if l[:4].isdigit()][-1])
    rows.append((t, ev, d))
# t0: align shuffle_done with last_fetch? use finish vs task_done median offset instead
offs = sorted(float(t['finish_s']) - ev['task_done'] for t, ev, d in rows if 'task_done' in ev)
t0 = offs[len(offs)//2]
print('t0 offset check (finish - task_done, s):', ['%.3f' % (o - t0) for o in offs])
keys = ['jvm_first_log','task_init','last_fetch','final_merge','merged_to_disk','reduce_start','reduce_conf','reduce_end','commit_ok','task_done','last_log']
print('%-10s %-7s %7s %7s %7s %6s' % ('reducer','node','start','shufD','sortD','fin'), ' '.join('%8s' % k[:8] for k in keys), ' cpu  MB')
for t, ev, d in sorted(rows, key=lambda r: (r[0]['node'], r[0]['attempt'])):
    print('%-10s %-7s %7.2f %7.2f %7.2f %6.2f' % (t['attempt'][-10:], t['node'], float(t['start_s']), float(t['shuffle_done_s']), float(t['sort_done_s']), float(t['finish_s'])),
          ' '.join('%8.2f' % (ev[k] + t0) if k in ev else '%8s' % '-' for k in keys), t['cpu_s'], '%.1f' % (int(t['shuffle_bytes'])/1e6))
