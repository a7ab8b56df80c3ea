import csv,statistics,sys
from collections import defaultdict
base=sys.argv[1]
res=list(csv.DictReader(open(base+'/results.csv')))
tab=defaultdict(lambda:[0,0])
ex=[]
for r in res:
    if r['status']!='ok' : continue
    d=base+'/'+r['run_dir']
    nodes={n['node']:n for n in csv.DictReader(open(d+'/nodes.csv'))}
    tasks=list(csv.DictReader(open(d+'/tasks.csv')))
    maps=[t for t in tasks if t['type']=='map']
    last=max(maps,key=lambda t: float(t['finish_s']))
    spec=not last['attempt'].endswith('_0')
    t2=float(r['maps_done_s'])
    lag=max(float(t['shuffle_done_s'])-t2 for t in tasks if t['type']=='reduce' and nodes[t['node']]['class']!='fast')
    k=(r['config'], 'stock' if r['method']=='stock' else 'bins', 'spec' if spec else 'orig')
    tab[k][0]+=1; tab[k][1]+= lag>3
    if lag>3: ex.append((r['app'],r['config'],r['method'],r['rep'],spec,round(lag,1)))
for k in sorted(tab): print(k, 'runs %d, slow lag>3s in %d'%tuple(tab[k]))
