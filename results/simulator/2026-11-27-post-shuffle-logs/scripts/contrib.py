import csv, sys, numpy as np
rows = list(csv.DictReader(open(sys.argv[1])))
runs = {}
for r in rows:
    runs.setdefault((r['app'], r['config'], r['method'], r['rep']), {}).setdefault(r['who'], []).append(r)
out = {}
for k, v in runs.items():
    def last(lst):
        x = max(lst, key=lambda r: float(r['lag']) + float(r['post']))
        return float(x['lag']), float(x['post']), x['node_class']
    m, p = last(v['meas']), last(v['pred'])
    out.setdefault((k[1], k[2]), []).append((m[0], p[0], m[1], p[1], m[2] + '/' + p[2]))
for (cfg, meth), v in sorted(out.items()):
    a = np.array([x[:4] for x in v])
    e = (a[:,1] + a[:,3]) / (a[:,0] + a[:,2]) - 1
    elag = (a[:,1] + a[:,2]) / (a[:,0] + a[:,2]) - 1   # error if only lag were as predicted
    epost = (a[:,0] + a[:,3]) / (a[:,0] + a[:,2]) - 1
    print('%-11s %-10s n=%2d lag %4.1f/%4.1f post %5.1f/%5.1f  |err| %4.1f%%  with measured post only lag wrong: %4.1f%%  with measured lag only post wrong: %4.1f%%' % (cfg, meth, len(v), np.median(a[:,0]), np.median(a[:,1]), np.median(a[:,2]), np.median(a[:,3]), 100*np.median(abs(e)), 100*np.median(abs(elag)), 100*np.median(abs(epost))))
