"""The two log formats the JVM-CPU analyses read, in one place: the node managers' launch lines (which node
ran each container, and when it launched) and the Java agent's line per task JVM (../jvm-cpu/agent/
CpuAgent.java). Imported by jvmcpu.py here and by ../../../advisor/2026-11-30-map-phase-recheck/scripts/
cpu_by_role.py."""
import datetime
import re
from collections import defaultdict

LAUNCH = re.compile(r"launchContainer: .*cgroup/cpu/[^/]+/([a-z0-9-]+)/cgroup.procs.*"
                    r"(container_\d+_\d+_\d+_\d+)/default_container_executor.sh")


def log_time(line):
    """A Hadoop log line's time stamp, epoch seconds."""
    return datetime.datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()


def launches(nm_lines):
    """Each container's node and launch time: {container: (node, epoch s)}."""
    out = {}
    for line in nm_lines:
        m = LAUNCH.search(line)
        if m:
            out[m.group(2)] = (m.group(1), log_time(line))
    return out


def jvms(agent_lines, launched):
    """The agent's JVMs by application: {app: [dict(c, node, launch, start, end, cpu, samples)]}, times in
    epoch s, CPU in core-s, samples [(epoch s, cumulative core-s)] every 250 ms (the exit not among them)."""
    out = defaultdict(list)
    for line in agent_lines:
        p = line.split()
        c, start = p[0], int(p[2]) / 1000
        node, launch = launched.get(c, ("?", float("nan")))
        samples = [(start + int(a) / 1000, int(b) / 1000) for a, b in (s.split(":") for s in p[10:])]
        out["_".join(c.split("_")[1:3])].append(
            dict(c=c, node=node, launch=launch, start=start, end=int(p[6]) / 1000, cpu=int(p[8]) / 1000,
                 samples=samples))
    return out
