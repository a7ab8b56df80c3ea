# The figures of report.md (formerly docs/benchmarks.md), from one or more suite directories of the same code.
# Usage: python3 analyse.py <config> <suite dir> [more suite dirs whose stock and two-stage runs to pool]
# Prints (1) per application the medians of every method of the first directory and issue 16's comparisons,
# (2) one line per run of the first directory: job time, last map (node, and whether it was that node's second
# or later map), the final mark and job end after the last map, P and bins, and when the speculative map attempts
# that won started (tasks.csv keeps successful attempts only), (1b) before those lines, per method the median end of
# the last map and of the reduce tail after it, (3) with more directories, stock's and two-stage's
# medians over all of them.
import csv, functools, statistics as st, sys
from collections import defaultdict

config, first, more = sys.argv[1], sys.argv[2], sys.argv[3:]

def load(base):
    return [dict(r, base=base) for r in csv.DictReader(open(f'{base}/results.csv'))
            if r['status'] == 'ok' and r['config'] == config]

@functools.cache  # every table asks for a run's maps; read each tasks.csv once
def _maps(base, run_dir):
    """A run's successful map attempts, by start time."""
    tasks = csv.DictReader(open(f'{base}/{run_dir}/tasks.csv'))
    return tuple(sorted((t for t in tasks if t['type'] == 'map'), key=lambda t: float(t['start_s'])))

def maps(r):
    return _maps(r['base'], r['run_dir'])

def nth_on_node(ms, i):
    """How many of the run's maps up to and including ms[i] ran on ms[i]'s node."""
    return [t['node'] for t in ms[:i + 1]].count(ms[i]['node'])

def last_map(r):
    ms = maps(r)
    i = max(range(len(ms)), key=lambda i: float(ms[i]['finish_s']))
    return float(ms[i]['finish_s']), ms[i]['node'], nth_on_node(ms, i)

def slow_second_last(r):
    """Whether the run's last map was a slow node's second or later map."""
    _, node, nth = last_map(r)
    return node.startswith('slow') and nth > 1

def speculated(r):
    """Start times of the successful speculative map attempts (Hadoop's speculator; one every 15 s at most)."""
    return sorted(float(t['start_s']) for t in maps(r) if not t['attempt'].endswith('_0'))

def med(rs): return st.median(float(r['seconds']) for r in rs)
def each(rs): return ' / '.join(f"{float(r['seconds']):.1f}" for r in rs)
def pct(a, b): return f"{(a - b) / b * 100:+.1f}%"
def by_rep(rs): return sorted(rs, key=lambda r: int(r['rep']))

rows = load(first)
g = defaultdict(list)
for r in rows:
    g[(r['app'], r['method'])].append(r)
apps = list(dict.fromkeys(r['app'] for r in rows))
fixed = sorted({r['method'] for r in rows if r['method'].startswith('fixed-')}, key=lambda m: float(m[6:]))

head = ['App', 'stock (s)', 'two-stage (s)', 'two-stage vs stock'] + (
    ['best fixed P (s)', 'two-stage vs best fixed P'] if fixed else []) + [
    'two-stage P, provisional → final (stage)', 'two-stage extra bytes vs stock', 'tarazu (s), P',
    'one-shot pikachu (s), P, re-fetched'] + [f'P = {m[6:].rstrip("0").rstrip(".")} (s)' for m in fixed]
print('| ' + ' | '.join(head) + ' |')
print('|' + ' --- |' * len(head))
for app in apps:
    stock, two = by_rep(g[(app, 'stock')]), by_rep(g[(app, 'two-stage')])
    if not stock or not two:
        continue
    s, t = med(stock), med(two)
    cells = [app, f'{s:.1f} ({each(stock)})', f'{t:.1f} ({each(two)})', pct(t, s)]
    if fixed:
        m = min((m for m in fixed if g[(app, m)]), key=lambda m: med(g[(app, m)]))
        b = med(g[(app, m)])
        cells += [f'{b:.1f} at P = {float(m[6:]):g}', pct(t, b)]
    cells.append(', '.join((f"{float(r['provisional_p']):.2f} → " if r['provisional_p'] else '')
                           + f"{float(r['fastest_p']):.2f} ({r['final_stage']})" for r in two))
    sb = st.median(float(r['shuffle_bytes']) for r in stock)
    cells.append(' / '.join(pct(float(r['shuffle_bytes']), sb) for r in two))
    for method in ('tarazu', 'pikachu'):
        rs = by_rep(g[(app, method)])
        if not rs:
            cells.append('not run')
            continue
        p = ' / '.join(f"{float(r['fastest_p']):.2f}" for r in rs)
        extra = '' if method == 'tarazu' else ', ' + ' / '.join(
            f"{100 * float(r['reshuffled_bytes']) / sb:.0f}%" for r in rs)
        cells.append(f'{med(rs):.1f} ({each(rs)}), P {p}{extra}')
    cells += [f'{med(g[(app, m)]):.1f}' if g[(app, m)] else '-' for m in fixed]
    print('| ' + ' | '.join(cells) + ' |')

# What P acts on: the time from the last map's end to the job's end (the reduce tail), median per method. The map
# phase before it is YARN's placement and Hadoop's speculator, the same for every method.
methods = [m for m in ('stock', 'tarazu', 'pikachu', 'two-stage') if any(g[(a, m)] for a in apps)] + fixed
print()
print("Each cell: median end of the last map (s) / median tail after it (s), runs whose last map was a slow node's "
      "second map")
print()
print('| App | ' + ' | '.join(methods) + ' |')
print('|' + ' --- |' * (len(methods) + 1))
for app in apps:
    cells = []
    for m in methods:
        rs = g[(app, m)]
        if not rs:
            cells.append('-')
            continue
        ends = [last_map(r)[0] for r in rs]
        tails = [float(r['seconds']) - e for r, e in zip(rs, ends)]
        slow = sum(map(slow_second_last, rs))
        cells.append(f'{st.median(ends):.1f} / {st.median(tails):.1f}, {slow} of {len(rs)}')
    print(f'| {app} | ' + ' | '.join(cells) + ' |')

def slow_second_maps(r):
    """(start, duration) of each original attempt of a slow node's second or later map that finished."""
    ms = maps(r)
    return [(float(t['start_s']), float(t['finish_s']) - float(t['start_s'])) for i, t in enumerate(ms)
            if t['node'].startswith('slow') and t['attempt'].endswith('_0') and nth_on_node(ms, i) > 1]

seconds_maps = [m for r in rows for m in slow_second_maps(r)]
if seconds_maps:
    print()
    print(f"Slow nodes' second maps that finished (original attempts): {len(seconds_maps)}, started at "
          f"{min(m[0] for m in seconds_maps):.1f}-{max(m[0] for m in seconds_maps):.1f} s, ran "
          f"{min(m[1] for m in seconds_maps):.1f}-{max(m[1] for m in seconds_maps):.1f} s")
straggled = [r for r in rows if slow_second_last(r)]
others = [r for r in rows if r not in straggled]
print()
for name, rs in (("a slow node's second map", straggled), ('any other map', others)):
    if rs:
        copies = [speculated(r) for r in rs]
        firsts = [c[0] for c in copies if c]
        print(f"Runs whose last map was {name}: {len(rs)} of {len(rows)}, last map ending at "
              f"{st.median(last_map(r)[0] for r in rs):.1f} s (median), job {med(rs):.1f} s (median); "
              f"winning speculative map copies: two in {sum(1 for c in copies if len(c) >= 2)}, one in "
              f"{sum(1 for c in copies if len(c) == 1)}, none in {sum(1 for c in copies if not c)}"
              + (f"; the first started at {min(firsts):.1f}-{max(firsts):.1f} s (median {st.median(firsts):.1f})"
                 if firsts else ''))

print()
for app in apps:
    for r in by_rep([r for r in rows if r['app'] == app]):
        last, node, nth = last_map(r)
        job = float(r['seconds'])
        final = f"{float(r['final_s']) - last:+.1f}" if r['final_s'] else '   -'
        print(f"{app:15} {r['method']:10} rep{r['rep']} job {job:5.1f} last map {last:5.1f} on {node} "
              f"(its map no. {nth}) final {final} job end {job - last:+5.1f} after it, "
              f"P {r['provisional_p'] or '-'} -> {r['fastest_p'] or '-'} ({r['final_stage'] or '-'}), "
              f"bins {r['reducer_bins'] or 'even'}, speculative maps won from "
              f"{', '.join(f'{x:.1f}' for x in speculated(r)) or 'none'} s")

if more:
    print()
    print('| App | stock (s), all runs | two-stage (s), all runs | two-stage vs stock | last map a slow node\'s second map, stock / two-stage | tail after the last map (s), stock / two-stage |')
    print('| --- | --- | --- | --- | --- | --- |')
    pooled = rows + [r for base in more for r in load(base)]
    for app in apps:
        sel = lambda m: [r for r in pooled if r['app'] == app and r['method'] == m]
        stock, two = sel('stock'), sel('two-stage')
        if not stock or not two:
            continue
        strag = lambda rs: sum(map(slow_second_last, rs))
        tail = lambda rs: st.median(float(r['seconds']) - last_map(r)[0] for r in rs)
        print(f"| {app} | {med(stock):.1f} ({len(stock)} runs) | {med(two):.1f} ({len(two)} runs) | "
              f"{pct(med(two), med(stock))} | {strag(stock)} of {len(stock)} / {strag(two)} of {len(two)} | "
              f"{tail(stock):.1f} / {tail(two):.1f} |")
