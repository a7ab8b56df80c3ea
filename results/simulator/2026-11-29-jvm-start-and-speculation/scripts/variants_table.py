"""The reduce tail's held-back error per method for each variant of this run set, from each
variant's validation.md: median absolute error (floor) and median signed error."""
import re, sys, os

here = sys.argv[1]
variants = ["baseline", "one-jvm-start", "speculate-progress-zero", "one-jvm-start+speculate-progress-zero", "kept"]
for set_name, sub in [("the suite's runs of 2026-11-24/25 (225)", "validation"),
                      ("2026-11-29-fixed-p-today (15)", "validation-fixed-p-today")]:
    rows = {}
    for v in variants:
        f = os.path.join(here, v, sub, "validation.md")
        if not os.path.exists(f):
            continue
        for line in open(f):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 6 and re.match(r"^(stock|tarazu|pikachu|two-stage|fixed-\d\.\d\d|all)$", cells[0]):
                if (cells[0], v) in rows:
                    continue
                abs_cell = re.sub(r" \[.*?\]", "", cells[4])
                signed = re.sub(r" \[.*?\]", "", cells[5])
                rows[(cells[0], v)] = f"{abs_cell} / {signed}"
    methods = []
    for (m, v) in rows:
        if m not in methods:
            methods.append(m)
    print(f"\nReduce tail on {set_name}: median absolute error (floor) / median signed error\n")
    print("| method | " + " | ".join(variants) + " |")
    print("| --- |" + " --- |" * len(variants))
    for m in methods:
        print(f"| {m} | " + " | ".join(rows.get((m, v), "") for v in variants) + " |")
