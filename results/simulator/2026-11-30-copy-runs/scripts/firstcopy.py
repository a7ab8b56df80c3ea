import traces
import json,sys,glob,os,statistics as st
from collections import defaultdict, Counter
root=sys.argv[1]
c=Counter(); lead=[]
for tr in sorted(glob.glob(root+'/runs/*/config-1/*/rep*/trace.jsonl')):
    names=traces.node_names(tr)
    d=traces.attempts(tr)
    first={}
    for a,ls in d.items():
        if 'launchTimeMs' in ls[0]: first[a]=(ls[0]['launchTimeMs'], names[ls[0]['node'].split(':')[1]][:4])
    t0=min(v[0] for v in first.values())
    copies=sorted((v[0],a) for a,v in first.items() if '_m_' in a and not a.endswith('_0'))
    if not copies: c['no copy']+=1; continue
    orig=copies[0][1][:-1]+'0'
    if orig not in first: c['orig unknown']+=1; continue
    c['first copy of a %s-node map'%first[orig][1]]+=1
    # second-wave launches: slow vs fast, the earliest
    w2=[(v[0]-t0)/1e3 for a,v in first.items() if '_m_' in a and a.endswith('_0') and (v[0]-t0)>5000]
    ws=[(v[0]-t0)/1e3 for a,v in first.items() if '_m_' in a and a.endswith('_0') and (v[0]-t0)>5000 and v[1]=='slow']
    wf=[(v[0]-t0)/1e3 for a,v in first.items() if '_m_' in a and a.endswith('_0') and (v[0]-t0)>5000 and v[1]=='fast']
    if ws and wf: lead.append(min(ws)-min(wf))
print(c); print('earliest slow second-wave launch minus earliest fast: median %.2f s, slow first in %d of %d'%(st.median(lead), sum(1 for x in lead if x<0), len(lead)))
