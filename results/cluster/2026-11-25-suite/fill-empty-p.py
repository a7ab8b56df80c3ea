# Fills the fastest_p cells that the suite left empty before commit 6548f6f, from each run's decision.json, by the
# rule that commit gave the suite: the fastest class's P, or 1 when that class hosts reducers but got no estimate
# (the decision's "class-without-estimate" rule allocates its reducers as P = 1).
# Usage: python3 fill-empty-p.py <suite dir>   (rewrites <suite dir>/results.csv; prints each row it filled)
import csv, json, sys

base = sys.argv[1]
with open(f'{base}/results.csv', newline='') as f:
    eol = '\r\n' if f.readline().endswith('\r\n') else '\n'  # the suite writes CRLF (commons-csv)
    f.seek(0)
    reader = csv.DictReader(f)
    fields, rows = reader.fieldnames, list(reader)
for r in rows:
    if r['status'] != 'ok' or r['fastest_p'] or r['method'] == 'stock':
        continue
    last = json.load(open(f"{base}/{r['run_dir']}/decision.json"))['versions'][-1]
    fastest = last['classes'][0]
    if fastest['p'] is None and not fastest['reducers']:
        continue
    r['fastest_p'] = f"{fastest['p'] if fastest['p'] is not None else 1.0:.4f}"
    print(f"{r['run_dir']}: fastest_p {r['fastest_p']} (rules {', '.join(last['rules'])})")
with open(f'{base}/results.csv', 'w', newline='') as f:
    w = csv.DictWriter(f, fieldnames=fields, lineterminator=eol)
    w.writeheader()
    w.writerows(rows)
