"""Where the fast node's CPU goes during the map phase, stock against two-stage, from the task JVMs' whole-process
CPU (the Java agent of ../../simulator/2026-11-30-speculator-decisions/jvm-cpu/agent/). A job's six latest-ending
JVMs are its reducers (two per node, checked in the output). Usage: cpu_by_role.py nm.log jvmcpu.log results.csv"""
import csv
import os
import statistics as st
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "../../../simulator/2026-11-30-speculator-decisions/scripts"))
from agentlog import jvms, launches  # noqa: E402

nm, cpu, results = sys.argv[1:4]
method = {}
for r in csv.DictReader(open(results)):
    method[r["job_id"].replace("job_", "")] = (r["method"], r["rep"])
with open(nm) as f:
    launched = launches(f)
with open(cpu) as f:
    jobs = jvms(f, launched)
for js in jobs.values():
    for j in js:
        j["s"] = j["samples"] + [(j["end"], j["cpu"])]
def cpu_in(j, a, b):
    """CPU the JVM used between times a and b (linear between samples)."""
    def at(t):
        s = j["s"]
        if t <= j["start"]: return 0.0
        if t >= s[-1][0]: return s[-1][1]
        prev = (j["start"], 0.0)
        for x in s:
            if x[0] >= t:
                f = (t - prev[0]) / max(1e-9, x[0] - prev[0])
                return prev[1] + f * (x[1] - prev[1])
            prev = x
        return s[-1][1]
    return at(b) - at(a)
print("job method rep | maps JVMs | map phase s | map JVM CPU median core-s | fast node in the map phase: maps' CPU, reducers' CPU (core-s) | fast node's map JVM life median s")
rows = []
for app, js in sorted(jobs.items()):
    js.sort(key=lambda j: j["end"])
    reducers = js[-6:]
    maps = js[:-6]
    t0 = min(j["start"] for j in js)
    mend = max(j["end"] for j in maps)
    fmaps = [j for j in maps if j["node"] == "fast-0"]
    fred = [j for j in reducers if j["node"] == "fast-0"]
    mcpu = sum(cpu_in(j, t0, mend) for j in fmaps)
    rcpu = sum(cpu_in(j, t0, mend) for j in fred)
    me, rep = method.get(app, ("?", "?"))
    rows.append((me, rep, len(maps), mend - t0, st.median(j["cpu"] for j in maps), mcpu, rcpu, st.median(j["end"] - j["start"] for j in fmaps), [j["node"] for j in reducers]))
    print(f"{app} {me} {rep} | {len(maps)} | {mend - t0:.1f} | {st.median(j['cpu'] for j in maps):.2f} | {mcpu:.1f}, {rcpu:.1f} | {st.median(j['end'] - j['start'] for j in fmaps):.1f} | reducers on {','.join(sorted(j['node'] for j in reducers))}")
for me in ("stock", "two-stage"):
    r = [x for x in rows if x[0] == me]
    if r:
        print(f"{me}: map phase median {st.median(x[3] for x in r):.1f} s; map JVM CPU {st.median(x[4] for x in r):.2f}; fast node in map phase: maps {st.median(x[5] for x in r):.1f}, reducers {st.median(x[6] for x in r):.1f} core-s; fast map life {st.median(x[7] for x in r):.1f} s")
