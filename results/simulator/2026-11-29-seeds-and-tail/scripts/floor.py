import csv, math, itertools, statistics, sys
rows=list(csv.DictReader(open(sys.argv[1])))
groups={}
for r in rows: groups.setdefault((r['app'],r['config'],r['method']),[]).append(r)
def floor(col, method=None):
    d=[]
    for k,g in groups.items():
        if method and k[2]!=method: continue
        for a,b in itertools.combinations(g,2):
            d.append(abs(math.log(float(a[col])/float(b[col]))))
    return statistics.median(d)/math.sqrt(2), len(d)
for col in ['measured_job_s','measured_map_phase_s','measured_reduce_tail_s']:
    print(col, '%.1f%% (%d pairs)'%(100*floor(col)[0],floor(col)[1]))
print()
methods=sorted(set(r['method'] for r in rows))
for m in methods:
    rs=[r for r in rows if r['method']==m]
    se=statistics.median(float(r['reduce_tail_error']) for r in rs)
    ae=statistics.median(abs(float(r['reduce_tail_error'])) for r in rs)
    sj=statistics.median(float(r['job_error']) for r in rs)
    fl=floor('measured_reduce_tail_s',m)[0]
    print('%-10s n=%2d tail signed %+.1f%% abs %.1f%% floor %.1f%% | job signed %+.1f%%'%(m,len(rs),100*se,100*ae,100*fl,100*sj))
