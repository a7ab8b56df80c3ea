import csv,os,sys,statistics as st
val=sys.argv[1]; runs=sys.argv[2]
rows=list(csv.DictReader(open(val)))
out=[]
for r in rows:
    d=os.path.join(runs,r['app'],r['config'],r['method'],'rep'+r['rep'])
    ts=list(csv.DictReader(open(os.path.join(d,'tasks.csv'))))
    maps=[t for t in ts if t['type']=='map']
    last=max(maps,key=lambda t:float(t['finish_s']))
    copy=not last['attempt'].endswith('_0')
    if r['method']=='stock': pass
    mm=float(r['measured_map_phase_s']); pm=float(r['predicted_map_phase_s'])
    mt=float(r['measured_reduce_tail_s']); pt=float(r['predicted_reduce_tail_s'])
    mj=float(r['measured_job_s']); pj=float(r['predicted_job_s'])
    out.append((copy,r['method'],r['app'],r['config'],r['rep'],mm,pm,mt,pt,mj,pj,last['node']))
for c in (True,False):
    sel=[o for o in out if o[0]==c and o[1]!='stock']
    print('copy' if c else 'orig', len(sel),
      'map err med %.1f s'%st.median([o[6]-o[5] for o in sel]),
      'tail err med %.1f s'%st.median([o[8]-o[7] for o in sel]),
      'job err med %.1f s'%st.median([o[10]-o[9] for o in sel]))
for o in out:
    if o[0]: print(o[1],o[2],o[3],o[4],'map %.1f/%.1f tail %.1f/%.1f job %.1f/%.1f last on %s'%(o[5],o[6],o[7],o[8],o[9],o[10],o[11]))
