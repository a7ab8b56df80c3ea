"""How much the whole-process CPU of the first wave's six map JVMs varies within a job (jvm-cpu.txt)."""
import statistics as st, sys
app, rows = None, []
for line in open(sys.argv[1]):
    if line.startswith("=="):
        app = line.split("_")[-1].strip(); continue
    p = line.split()
    rows.append((app, float(p[3]), float(p[7]), float(p[9])))
cvs = []
for a in sorted({r[0] for r in rows}):
    cpu = [r[3] for r in rows if r[0] == a and r[1] < 3]
    life = [r[2] for r in rows if r[0] == a and r[1] < 3]
    cv = st.pstdev(cpu) / st.mean(cpu); cvs.append(cv)
    print(f"application {a}: first wave, {len(cpu)} map JVMs: CPU mean {st.mean(cpu):.2f} core-s, "
          f"sd {st.pstdev(cpu):.3f} ({100 * cv:.1f}%); lives {' '.join(f'{x:.1f}' for x in life)} s")
print(f"median coefficient of variation: {100 * st.median(cvs):.1f}%")
