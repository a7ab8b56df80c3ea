#!/usr/bin/env python3
"""Samples every task JVM's CPU (utime+stime per thread, grouped) every INTERVAL s until killed.
Output lines: t_epoch attempt pid group cpu_s   (one per group that changed)."""
import os, sys, time, glob
interval = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25
out = open(sys.argv[1], 'w', buffering=1)
tick = os.sysconf('SC_CLK_TCK')
known = {}   # pid -> attempt
last = {}
def group(name):
    if name.startswith('C1 Compiler') or name.startswith('C2 Compiler') or 'Compiler' in name: return 'jit'
    if name in ('VM Thread', 'GC Thread#0') or name.startswith('GC'): return 'gc'
    if name == 'main': return 'main'
    if name.startswith('java'): return 'main'
    if name.startswith('fetcher'): return 'fetch'
    return 'other'
while True:
    now = time.time()
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        if p not in known:
            try:
                cmd = open(f'/proc/{p}/cmdline', 'rb').read().split(b'\0')
            except OSError:
                continue
            att = None
            if b'org.apache.hadoop.mapred.YarnChild' in cmd:
                i = cmd.index(b'org.apache.hadoop.mapred.YarnChild')
                att = cmd[i + 3].decode() if len(cmd) > i + 3 else '?'
            known[p] = att
        att = known[p]
        if not att: continue
        sums = {}
        try:
            st = open(f'/proc/{p}/stat').read()
            ff = st[st.rindex(')') + 2:].split()
            sums['total'] = int(ff[11]) + int(ff[12])
            for tdir in os.listdir(f'/proc/{p}/task'):
                s = open(f'/proc/{p}/task/{tdir}/stat').read()
                name = s[s.index('(') + 1:s.rindex(')')]
                f = s[s.rindex(')') + 2:].split()
                sums[group(name)] = sums.get(group(name), 0) + int(f[11]) + int(f[12])
        except (OSError, ValueError):
            continue
        for g, v in sums.items():
            if last.get((p, g)) != v:
                last[(p, g)] = v
                out.write('%.3f %s %s %s %.2f\n' % (now, att, p, g, v / tick))
    time.sleep(max(0, interval - (time.time() - now)))
