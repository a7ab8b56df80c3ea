"""What bins add to a reducer's post-shuffle work, from the histories' phase times (issue 45).

A reducer's post-shuffle core-seconds: (finish - shuffle end) x its node's cores, the node told by the
most maps it ran at once (map slots; each slot is 0.2-0.25 core on these clusters, so a node's cores
follow from its slots). Per application and node, stock's post-shuffle core-s per MB is the median over
the stock reducers; a reducer with bins spent that times its MB plus the excess printed here. Only on
nodes a reducer had to itself and used fully is wall time x cores its CPU: the 0.25-core (Config-1) and
0.2/0.4-core (five nodes) ones; the 1.0/0.6-core nodes' figures are printed but are not CPU.
Usage: python3 post_shuffle_excess.py WORKDIR (red-<set>.txt and maps-<set>.txt from ReducerPhases)
"""
import collections, statistics as st, sys

W = sys.argv[1]
CORES = {'pairs': {4: 1.0, 1: 0.25}, 'holdout': {4: 1.0, 1: 0.25}, 'five': {3: 0.6, 2: 0.4, 1: 0.2}}


def peak(spans):
    return max(sum(1 for o in spans if o[0] <= s[0] < o[1]) for s in spans)


for S, cores_by_slots in CORES.items():
    maps = collections.defaultdict(list)
    for l in open(f'{W}/maps-{S}.txt'):
        j, b, n, s, f, mb, c = l.split()
        maps[(j, n)].append((float(s), float(f)))
    rs = []
    for l in open(f'{W}/red-{S}.txt'):
        p = l.split()
        c = cores_by_slots.get(peak(maps[(p[1], p[9])])) if maps[(p[1], p[9])] else None
        if c is not None:
            rs.append(dict(app=p[2], bins=p[3] == 'true', cores=c, mb=float(p[13]),
                           post=(float(p[12]) - float(p[11])) * c))
    rate = {}
    for k in set((r['app'], r['cores']) for r in rs):
        rate[k] = st.median(r['post'] / r['mb'] for r in rs if not r['bins'] and (r['app'], r['cores']) == k)
    ex = collections.defaultdict(list)
    for r in rs:
        if r['bins']:
            ex[r['cores']].append(r['post'] - rate[(r['app'], r['cores'])] * r['mb'])
    print(S, ' '.join('%.2f-core nodes: median %.3f core-s [IQR %.3f, %.3f] (%d reducers)' % (
        c, st.median(v), sorted(v)[len(v) // 4], sorted(v)[3 * len(v) // 4], len(v)) for c, v in sorted(ex.items())))
