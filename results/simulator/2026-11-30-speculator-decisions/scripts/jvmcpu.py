"""Each task JVM's life on the embedded cluster: node (from the NM's launch line), NM launch, JVM start,
exit, whole-process CPU (boot included), its share of a core over its life, and the CPU it used in its
first 3 s. Usage: jvmcpu.py nm.log jvmcpu.log"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agentlog import jvms, launches  # noqa: E402

nm, cpu = sys.argv[1], sys.argv[2]
with open(nm) as f:
    launched = launches(f)
with open(cpu) as f:
    jobs = jvms(f, launched)
for app, cs in sorted(jobs.items()):
    cs.sort(key=lambda j: (j["launch"], j["c"]))
    t0 = min(j["launch"] for j in cs)
    print(f"== application_{app}")
    for j in cs:
        life = j["end"] - j["start"]
        first3 = max([v for t, v in j["samples"] if t - j["start"] <= 3 + 1e-6] or [0])
        print(f"  {j['c'][-6:]} {j['node']:7s} launch {j['launch'] - t0:6.2f} jvm+{j['start'] - j['launch']:5.2f} "
              f"life {life:6.2f} cpu {j['cpu']:5.2f} share {j['cpu'] / max(1e-9, life):4.2f} cpu-in-first-3s {first3:4.2f}")
