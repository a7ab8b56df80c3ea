import csv, sys, math, statistics as st
from scipy import stats
def load(p):
    rows=list(csv.DictReader(open(p)))
    return {(r['study'],r['setting'],r['seed']):r for r in rows}
new=load(sys.argv[1]); old=load(sys.argv[2])
def ci(d):
    n=len(d); m=st.mean(d)
    if n<2: return m,float('nan'),float('nan')
    h=stats.t.ppf(0.975,n-1)*st.stdev(d)/math.sqrt(n)
    return m,m-h,m+h
settings=sorted({(k[0],k[1]) for k in new})
for s in settings:
    keys=sorted([k for k in new if (k[0],k[1])==s], key=lambda k:int(k[2]))
    b=[float(new[k]['bytes_saved'])*100 for k in keys]
    f=[float(new[k]['best_fixed_saved'])*100 for k in keys]
    c=[float(new[k]['counts_saved'])*100 for k in keys]
    gap=[x-y for x,y in zip(f,b)]
    vs=[float(new[k]['bytes_saved'])*100-float(old[k]['bytes_saved'])*100 for k in keys if k in old]
    same=sum(1 for k in keys if k in old and new[k]['bytes_s']==old[k]['bytes_s'])
    print(s[1], 'n=%d'%len(keys), 'bytes %.1f [%.1f, %.1f]'%ci(b), 'counts %.1f [%.1f, %.1f]'%ci(c), 'fixed %.1f [%.1f, %.1f]'%ci(f), 'gap %.1f [%.1f, %.1f]'%ci(gap), 'vs old %.1f [%.1f, %.1f]'%ci(vs) if vs else '', 'identical runs %d'%same)
