"""What bins add to a reducer, by the job's maps (issue 45).

For each folder (one suite invocation at one map count): the reducers on the 0.25-core nodes (which
they use fully), stock's median per MB of (a) post-shuffle core-s, (finish - shuffle end) x the node's
cores as in ../2026-11-29-bins-cost-and-classes/post_shuffle_excess.py, and (b) the CPU counter, per application; then
each two-stage reducer's excess over that rate times its MB. Prints the medians and quartiles per map
count, and a least-squares line of the excess against the maps with a bootstrap interval of its slope. Usage: excess.py FOLDER...
"""
import csv
import glob
import os
import random
import statistics as st
import sys


def reducers(folder):
    out = []
    for tasks in glob.glob(os.path.join(folder, "runs", "*", "*", "*", "rep*", "tasks.csv")):
        app, method = tasks.split(os.sep)[-5], tasks.split(os.sep)[-3]
        run = os.path.dirname(tasks)
        cores = {r["node"]: float(r["cpus"]) for r in csv.DictReader(open(os.path.join(run, "nodes.csv")))}
        rows = list(csv.DictReader(open(tasks)))
        maps = len({r["attempt"].rsplit("_", 1)[0] for r in rows if r["type"] == "map"})
        for r in rows:
            if r["type"] != "reduce" or cores[r["node"]] > 0.5:
                continue
            mb = float(r["shuffle_bytes"]) / 1e6
            post = (float(r["finish_s"]) - float(r["shuffle_done_s"])) * cores[r["node"]]
            out.append(dict(app=app, method=method, maps=maps, mb=mb, post=post, cpu=float(r["cpu_s"])))
    return out


def quartiles(v):
    q = st.quantiles(v, n=4)
    return f"{st.median(v):.3f} [IQR {q[0]:.3f}, {q[2]:.3f}] ({len(v)})"


points = {"post": [], "cpu": []}
print("| maps | reducers with bins | post-shuffle excess, core-s: median [IQR] (n) | CPU-counter excess, core-s | stock post-shuffle core-s per MB | stock reducer MB (median) |")
print("| --- | --- | --- | --- | --- | --- |")
for folder in sys.argv[1:]:
    rs = reducers(folder)
    stock = [r for r in rs if r["method"] == "stock"]
    bins = [r for r in rs if r["method"] != "stock"]
    if not stock or not bins:
        continue
    apps = {r["app"] for r in rs}
    rate = {(a, k): st.median(r[k] / r["mb"] for r in stock if r["app"] == a) for a in apps for k in ("post", "cpu")}
    ex = {k: [r[k] - rate[(r["app"], k)] * r["mb"] for r in bins] for k in ("post", "cpu")}
    maps = bins[0]["maps"]
    for k in ex:
        points[k] += [(maps, e) for e in ex[k]]
    print(f"| {maps} | {len(bins)} | {quartiles(ex['post'])} | {quartiles(ex['cpu'])} | "
          f"{', '.join(a + ' ' + format(rate[(a, 'post')], '.4f') for a in sorted(apps))} "
          f"| {st.median(r['mb'] for r in stock):.1f} |")
def line(pts):
    xs = [m for m, _ in pts]
    mx, my = st.mean(xs), st.mean(e for _, e in pts)
    b = sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x in xs)
    return my - b * mx, b


rng = random.Random(42)
for k, pts in points.items():
    if len({m for m, _ in pts}) < 2:
        continue
    a, b = line(pts)
    # 95% interval of the slope: 2,000 bootstrap resamples of the reducers, within each map count
    by_maps = {m: [p for p in pts if p[0] == m] for m in {m for m, _ in pts}}
    slopes = sorted(line([rng.choice(g) for g in by_maps.values() for _ in g])[1] for _ in range(2000))
    print(f"\n{k}: excess = {a:.3f} + {b:.4f} x maps core-s (least squares over {len(pts)} reducers; "
          f"slope 95% bootstrap interval [{slopes[49]:.4f}, {slopes[1949]:.4f}])")
