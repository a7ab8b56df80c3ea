"""Hadoop's speculator in the AM logs of ../2026-11-29-fixed-p-today (15 jobs): when each map copy was
decided, by which rule, for a map on which node, and (Hadoop's own rule) what the copied map had last
reported. Usage: decisions.py <extracted container-syslogs dir> <suite dir>"""
import csv, glob, os, re, sys
from collections import Counter

logs, suite = sys.argv[1], sys.argv[2]

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agentlog import log_time as ts  # noqa: E402

# the app id -> (method, rep, {NM address: node name}) from the suite's task and node files
runs = {}
for tasks in glob.glob(os.path.join(suite, "runs/*/*/*/rep*/tasks.csv")):
    d = os.path.dirname(tasks)
    with open(tasks) as f:
        first = next(csv.DictReader(f))["attempt"]
    app = "_".join(first.split("_")[1:3])
    with open(os.path.join(d, "nodes.csv")) as f:
        names = {r["node_id"]: r["node"] for r in csv.DictReader(f)}
    parts = d.split(os.sep)
    runs[app] = (parts[-2], parts[-1], names)

summary = Counter()
waits = []
for syslog in sorted(glob.glob(os.path.join(logs, "*/application_*/container_*_01_000001/syslog"))):
    app = re.search(r"application_(\d+_\d+)", syslog).group(1)
    method, rep, names = runs[app]
    t0 = None
    last_original = None
    first_decision = None
    node_of = {}
    last_progress = {}
    copies = []
    copy_placed = {}
    for line in open(syslog, errors="replace"):
        if not line[:4].isdigit():
            continue
        if t0 is None and "Transitioned from NEW to UNASSIGNED" in line:
            t0 = ts(line)
        if t0 is None:
            continue
        t = ts(line) - t0
        m = re.search(r"Assigned container \S+ to attempt_\S+_m_(\d+)_0$", line.strip())
        if m:
            last_original = t
        m = re.search(r"Assigned container \S+ to attempt_\S+_m_(\d+)_1$", line.strip())
        if m:
            copy_placed[m.group(1)] = t
        m = re.search(r"\[attempt_\S+_m_(\d+)_0\] using containerId: \[\S+ on NM: \[([^\]]+)\]", line)
        if m:
            node_of[m.group(1)] = names.get(m.group(2), m.group(2))
        m = re.search(r"Progress of TaskAttempt attempt_\S+_m_(\d+)_0 is : ([0-9.]+)", line)
        if m:
            last_progress[m.group(1)] = (float(m.group(2)), t)
        if first_decision is None and "Pikachu decision v1" in line:
            first_decision = t
        m = re.search(r"copying map task_\S+_m_(\d+) \(rule ([^:]+)", line)
        if m:
            copies.append((t, m.group(1), "by node speed", last_progress.get(m.group(1))))
        m = re.search(r"Scheduling a redundant attempt for task task_\S+_m_(\d+)", line)
        if m and not (copies and copies[-1][1] == m.group(1)):
            copies.append((t, m.group(1), "Hadoop's estimate", last_progress.get(m.group(1))))
    print(f"{method} {rep} (application_{app}): last original map placed at {last_original:.1f} s, "
          + (f"Pikachu's first decision at {first_decision:.1f} s" if first_decision else "no Pikachu decision"))
    for i, (t, task, rule, p) in enumerate(copies):
        node = node_of.get(task, "?")
        said = f", its last report before: progress {p[0]:.2f} at {p[1]:.1f} s" if p else ", no status report before"
        print(f"  copy {i + 1}: m{task} on {node} decided at {t:.1f} s ({t - last_original:+.1f} s after the "
              f"last original was placed), rule: {rule}{said}; "
              + (f"its container {copy_placed[task] - t:.1f} s later" if task in copy_placed else "no container"))
        if task in copy_placed:
            waits.append(copy_placed[task] - t)
        if i == 0:
            summary[(rule, node.split("-")[0], "its last report said progress 0.00" if p and p[0] == 0 else ("reported progress" if p else "silent"))] += 1
print()
print("first copies, by rule, node class and what the map had reported:")
for k, v in sorted(summary.items()):
    print(f"  {v:2d}  {k[0]}, a {k[1]} node's map, {k[2]}")
waits.sort()
print(f"a decided copy waited for its container: median {waits[len(waits) // 2]:.1f} s over {len(waits)} copies "
      f"(shortest {waits[0]:.1f}, longest {waits[-1]:.1f})")
