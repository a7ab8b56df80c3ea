"""Each task JVM's life on the embedded cluster: node (from the NM's launch line), NM launch, JVM start,
exit, whole-process CPU (boot included), and the CPU rate over its life. Usage: jvmcpu.py nm.log jvmcpu.log"""
import re, sys, datetime
from collections import defaultdict
nm, cpu = sys.argv[1], sys.argv[2]
def ts(l): return datetime.datetime.strptime(l[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
node, launched = {}, {}
for l in open(nm):
    m = re.search(r"launchContainer: .*cgroup/cpu/[^/]+/([a-z0-9-]+)/cgroup.procs.*(container_\d+_\d+_\d+_\d+)/default_container_executor.sh", l)
    if m:
        node[m.group(2)] = m.group(1); launched[m.group(2)] = ts(l)
jobs = defaultdict(list)
for l in open(cpu):
    p = l.split()
    c = p[0]; start = int(p[2]) / 1000; end = int(p[6]) / 1000; cms = int(p[8]) / 1000
    samples = [tuple(int(v) for v in s.split(':')) for s in p[10:]]
    app = "_".join(c.split("_")[1:3])
    jobs[app].append((launched.get(c, float('nan')), c, node.get(c, '?'), start, end, cms, samples))
for app, cs in sorted(jobs.items()):
    cs.sort()
    t0 = min(x[0] for x in cs)
    print(f"== application_{app}")
    for la, c, n, st, en, cms, sm in cs:
        # CPU in the first 3 s of the JVM's life, and the rate after
        first3 = max([v for t, v in sm if t <= 3000] or [0]) / 1000
        print(f"  {c[-6:]} {n:7s} launch {la - t0:6.2f} jvm+{st - la:5.2f} life {en - st:6.2f} cpu {cms:5.2f} "
              f"share {cms / max(1e-9, en - st):4.2f} cpu-in-first-3s {first3:4.2f}")
