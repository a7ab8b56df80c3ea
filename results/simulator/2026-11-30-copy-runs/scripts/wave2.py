import traces
import json,sys,glob,os,math,statistics as st
from collections import defaultdict
root=sys.argv[1]
out=[]
for tr in sorted(glob.glob(root+'/runs/*/config-1/*/rep*/trace.jsonl')):
    parts=tr.split('/'); app,cfg,meth,rep=parts[-5:-1]
    names=traces.node_names(tr)
    d=traces.attempts(tr)
    t0=min(ls[0]['launchTimeMs'] for ls in d.values() if 'launchTimeMs' in ls[0])
    w=[]; red=[]
    for a,ls in d.items():
        if 'launchTimeMs' not in ls[0]: continue
        node=names[ls[0]['node'].split(':')[1]]
        l=(ls[0]['launchTimeMs']-t0)/1e3
        if a.split('_')[3]=='r' and node.startswith('fast'): red.append(l)
        if a.split('_')[3]!='m' or not a.endswith('_0') or not node.startswith('fast') or l<5: continue
        rep_t=[x['timeMs'] for x in ls if x['phase']!='STARTING' or x['progress']>0]
        if not rep_t: continue
        w.append((l,(min(rep_t)-t0)/1e3))
    w.sort()
    out.append((app,meth,rep,' '.join('%.1f>%.1f'%x for x in w), 'red@'+','.join('%.1f'%x for x in sorted(red))))
for o in out: print(*o)
