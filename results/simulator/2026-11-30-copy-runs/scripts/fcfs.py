# For the fast node's attempts of the config-1 runs with traces: predicted JVM-ready (first report) of
# second-wave maps under processor sharing vs first-come-first-served (ties within TIE s share), both
# with a start work per attempt (maps W, reducers R core-s) on 1 core.
import traces
import json,sys,glob,os,math,statistics as st
from collections import defaultdict
root=sys.argv[1]; W=float(sys.argv[2]); R=float(sys.argv[3]); TIE=float(sys.argv[4])
def simulate(jobs, mode):
    # jobs: list of (launch, work, key); returns ready time per key; capacity 1
    t=min(j[0] for j in jobs); rem={j[2]:j[1] for j in jobs}; launch={j[2]:j[0] for j in jobs}; done={}
    while len(done)<len(jobs):
        active=[k for k in rem if k not in done and launch[k]<=t+1e-9]
        nxt=min([launch[k] for k in rem if launch[k]>t+1e-9] or [1e18])
        if not active: t=nxt; continue
        if mode=='ps': served=active
        else:
            first=min(launch[k] for k in active); served=[k for k in active if launch[k]<=first+TIE]
        share=1.0/len(served)
        dt=min(min(rem[k] for k in served)/share, nxt-t)
        for k in served: rem[k]-=share*dt
        t+=dt
        for k in served:
            if rem[k]<=1e-9 and k not in done: done[k]=t
    return done
err={'ps':[], 'fcfs':[]}; early={'ps':[], 'fcfs':[], 'meas':[]}
for tr in sorted(glob.glob(root+'/runs/*/config-1/*/rep*/trace.jsonl')):
    names=traces.node_names(tr)
    d=traces.attempts(tr)
    t0=min(ls[0]['launchTimeMs'] for ls in d.values() if 'launchTimeMs' in ls[0])
    jobs=[]; meas={}
    for a,ls in d.items():
        if 'launchTimeMs' not in ls[0]: continue
        if not names[ls[0]['node'].split(':')[1]].startswith('fast'): continue
        l=(ls[0]['launchTimeMs']-t0)/1e3
        if l>35: continue  # first two waves only
        typ=a.split('_')[3]
        jobs.append((l, W if typ=='m' else R, a))
        rep_t=[x['timeMs'] for x in ls if x['phase']!='STARTING' or x['progress']>0]
        if typ=='m' and rep_t and a.endswith('_0'): meas[a]=(min(rep_t)-t0)/1e3
    # first-wave maps finish around their ready time + ~1 s; they leave the start queue at ready
    for mode in ('ps','fcfs'):
        p=simulate(jobs, mode)
        for a,m in meas.items():
            l=[j[0] for j in jobs if j[2]==a][0]
            err[mode].append((p[a]-l)/(m-l)-1)
            if l>5 and m-l<10: early[mode].append(p[a]-l)
    for a,m in meas.items():
        l=[j[0] for j in jobs if j[2]==a][0]
        if l>5 and m-l<10: early['meas'].append(m-l)
for mode in err:
    e=err[mode]; print(mode,'median |err| %.1f%%'%(100*st.median([abs(x) for x in e])),'signed %.1f%%'%(100*st.median(e)),'n',len(e))
for k,v in early.items(): print('maps ready <10 s after a second-wave launch (measured):',k,len(v),'median %.1f'%st.median(v))
