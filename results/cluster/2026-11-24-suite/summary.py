# Usage: summary.py <suite dir>/results.csv. Per configuration and application: the medians issue 16's
# targets compare (stock, two-stage, best fixed P), two-stage's P per run (provisional -> final, stage,
# reason) and its extra shuffled bytes over stock's median, and Tarazu's and one-shot Pikachu's medians where they ran.
# Prints a Markdown table.
import csv, statistics as st, sys
from collections import defaultdict

rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['status'] == 'ok']
g = defaultdict(list)
for r in rows:
    g[(r['config'], r['app'], r['method'], r['fixed_p'])].append(r)

def med(rs): return st.median(float(r['seconds']) for r in rs)
def runs(rs): return ' / '.join(f"{float(r['seconds']):.1f}" for r in sorted(rs, key=lambda r: int(r['rep'])))
def pct(a, b): return f"{(a - b) / b * 100:+.1f}%"

print('| Config | App | stock (s) | two-stage (s) | best fixed P (s) | two-stage vs best fixed P | two-stage vs stock '
      '| two-stage P, provisional → final (stage, reason) | corrections | two-stage extra bytes vs stock '
      '| tarazu (s), P | one-shot pikachu (s), P |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (config, app) in dict.fromkeys((k[0], k[1]) for k in g):
    stock = g.get((config, app, 'stock', ''), [])
    two = g.get((config, app, 'two-stage', ''), [])
    fixed = {float(k[3]): v for k, v in g.items() if k[:2] == (config, app) and k[2].startswith('fixed-')}
    if not stock or not two:
        continue
    s, t = med(stock), med(two)
    if fixed:
        p, fr = min(fixed.items(), key=lambda kv: med(kv[1]))
        best = f"{med(fr):.1f} at P = {p:g} ({runs(fr)})"
        vs_best = pct(t, med(fr))
    else:
        best, vs_best = 'no sweep', 'n/a'
    ps = ', '.join(f"{float(r['provisional_p']):.2f} → {float(r['fastest_p']):.2f} ({r['final_stage']}, {r['reason']})"
                   if r['provisional_p'] else f"none → {float(r['fastest_p']):.2f} ({r['final_stage']}, {r['reason']})"
                   for r in sorted(two, key=lambda r: int(r['rep'])))
    corr = sum(r['final_stage'] == 'CORRECTED' for r in two)
    sb = st.median(float(r['shuffle_bytes']) for r in stock)
    extra = ' / '.join(pct(float(r['shuffle_bytes']), sb) for r in sorted(two, key=lambda r: int(r['rep'])))
    def other(method):
        rs = g.get((config, app, method, ''), [])
        if not rs:
            return 'not run'
        p = ' / '.join(f"{float(r['fastest_p']):.2f}" for r in sorted(rs, key=lambda r: int(r['rep'])))
        return f"{med(rs):.1f} ({runs(rs)}), P {p}"
    print(f"| {config} | {app} | {s:.1f} ({runs(stock)}) | {t:.1f} ({runs(two)}) | {best} | {vs_best} | {pct(t, s)} "
          f"| {ps} | {corr} of {len(two)} | {extra} | {other('tarazu')} | {other('pikachu')} |")
