import traces
import json,sys,glob,os,math,statistics as st
from collections import defaultdict
root=sys.argv[1]
rows=[]
for tr in glob.glob(root+'/runs/*/*/*/rep*/trace.jsonl'):
    parts=tr.split('/'); app,cfg,meth,rep=parts[-5:-1]
    cpus={}
    for l in open(os.path.dirname(tr)+'/nodes.csv').readlines()[1:]:
        f=l.strip().split(','); cpus[f[1].split(':')[1]]=float(f[2])
    d=traces.attempts(tr)
    att=[]
    for a,ls in d.items():
        if 'launchTimeMs' not in ls[0]: continue
        rep_t=[x['timeMs'] for x in ls if x['phase']!='STARTING' or x['progress']>0]
        if not rep_t or a.split("_")[3]!="m": continue
        att.append((ls[0]['node'].split(':')[1], ls[0]['launchTimeMs']/1e3, min(rep_t)/1e3, a.split('_')[3]))
    bynode=defaultdict(list)
    for n,l,r,t in att: bynode[n].append((l,r,t))
    for n,xs in bynode.items():
        xs.sort()
        batch=[xs[0]]
        for x in xs[1:]+[None]:
            if x is not None and x[0]-batch[0][0] < 3.0: batch.append(x); continue
            if len(batch)>=3:
                dur=[b[1]-b[0] for b in batch]
                rows.append((app,cfg,meth,rep,cpus.get(n),len(batch),''.join(sorted(b[2] for b in batch)),st.mean(dur),min(dur),max(dur),st.pstdev([math.log(x) for x in dur])))
            if x is not None: batch=[x]
bycpu=defaultdict(list)
for r in rows: bycpu[(r[4],r[5])].append(r)
for k in sorted(bycpu):
    rs=bycpu[k]
    print('cpus',k[0],'batch',k[1],'n',len(rs),'mean dur med %.1f'%st.median([r[7] for r in rs]),'min/mean med %.2f'%st.median([r[8]/r[7] for r in rs]),'max/mean med %.2f'%st.median([r[9]/r[7] for r in rs]),'sd log med %.3f'%st.median([r[10] for r in rs]))
