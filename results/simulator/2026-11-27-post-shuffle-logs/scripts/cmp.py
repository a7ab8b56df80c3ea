import csv, sys, numpy as np
rows = list(csv.DictReader(open(sys.argv[1])))
cfg = sys.argv[2]; apps = sys.argv[3].split(',') if len(sys.argv) > 3 else None
grp = {}
for r in rows:
    if r['config'] != cfg or (apps and r['app'] not in apps): continue
    m = r['method']
    grp.setdefault((m, r['node_class'], r['who']), []).append([float(r[k]) for k in ('mb', 'lag', 'post', 'merge', 'reduce')])
for m in ('stock', 'tarazu', 'pikachu', 'two-stage', 'fixed-3.00', 'fixed-4.00', 'fixed-5.00'):
    for c in ('fast', 'slow'):
        if (m, c, 'meas') not in grp: continue
        a = np.median(np.array(grp[(m, c, 'meas')]), axis=0); b = np.median(np.array(grp[(m, c, 'pred')]), axis=0)
        print('%-10s %-4s MB %5.1f/%5.1f lag %5.2f/%5.2f post %5.2f/%5.2f merge %5.2f/%5.2f reduce %5.2f/%5.2f  post per MB %.3f/%.3f' % (m, c, a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[2]/a[0], b[2]/b[0]))
