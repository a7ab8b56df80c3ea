"""For each job of the fixed-P validation set: the last map's success (AM log), whether it was a copy,
and each reducer's JVM ready (shuffle plugin chosen) and first launch, relative to it, by node."""
import glob, re, sys, datetime
base = sys.argv[1]
def ts(line):
    return datetime.datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
for n in range(1, 16):
    app = "application_1795983823309_%04d" % n
    am = glob.glob(f"{base}/*/{app}/container_*_01_000001/syslog")
    if not am: continue
    last = None; launched = {}
    for line in open(am[0], errors="replace"):
        m = re.search(r"Task succeeded with attempt (attempt_\S+_m_\d+_(\d+))", line)
        if m and (last is None or ts(line) >= last[0]): last = (ts(line), m.group(1), m.group(2))
        m = re.search(r"TaskAttempt: \[(attempt_\S+_r_\d+_\d+)\] using containerId.*on NM: \[localhost:(\d+)", line)
        if m: launched[m.group(1)] = (ts(line), m.group(2))
    out = []
    for f in glob.glob(f"{base}/*/{app}/container_*/syslog"):
        txt = open(f, errors="replace").read().splitlines()
        att = next((re.search(r"(attempt_\S+_r_\d+_\d+)", l).group(1) for l in txt if re.search(r"attempt_\S+_r_\d+_\d+", l)), None)
        if not att: continue
        ready = next((ts(l) for l in txt if "Using ShuffleConsumerPlugin" in l), None)
        first = ts(txt[0])
        nm = f.split("logDir-nm-")[1].split("_")[0]
        out.append((nm, att[-4:], launched.get(att, (None,))[0], first, ready))
    s = " ".join(f"n{nm}{a}:launch{l - last[0]:+.0f}/log{fi - last[0]:+.0f}/ready{r - last[0]:+.1f}" for nm, a, l, fi, r in sorted(out) if r and l)
    print(n, "last map copy" if last[2] != "0" else "last map orig", s)
