#!/usr/bin/env python3
"""Per node: the share of the reduce input its reducers kept, against its capacity share.

Usage: node_shares.py SUITE_DIR [SUITE_DIR ...]

Kept bytes are a reducer's shuffled bytes less the bytes of bins it fetched and then dropped
(tasks.csv's dropped_bytes). A node's capacity is its CPU limit capped at the number of reducers
it ran (a Wordcount reducer uses one core at most; nodes.csv, tasks.csv); its capacity share is that
over the sum. The issue's bound: every node within 15% of its capacity share (relative), or of the
bound the largest bin sets, which the decision's notes name when a bin exceeds a reducer's share.
Per run, per node: kept share / capacity share - 1; per method the median over runs and the worst node.
"""
import csv
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_shares(run_dir):
    nodes = read_csv(run_dir / "nodes.csv")
    tasks = [t for t in read_csv(run_dir / "tasks.csv") if t["type"] == "reduce"]
    by_id = {n["node_id"]: n["node"] for n in nodes}
    kept = defaultdict(int)
    reducers = defaultdict(int)
    for t in tasks:
        node = by_id.get(t["node"], t["node"])
        kept[node] += int(t["shuffle_bytes"]) - int(t.get("dropped_bytes") or 0)
        reducers[node] += 1
    cap = {n["node"]: min(float(n["cpus"]), reducers[n["node"]]) for n in nodes}
    total_kept = sum(kept.values())
    total_cap = sum(cap.values())
    rows = {}
    for n in nodes:
        name = n["node"]
        ks = kept[name] / total_kept
        cs = cap[name] / total_cap
        rows[name] = (kept[name], ks, cs, ks / cs - 1 if cs > 0 else float("nan"))
    notes = []
    decision = run_dir / "decision.json"
    if decision.exists():
        last = json.loads(decision.read_text())["versions"][-1]
        notes = [s for s in last.get("notes", []) if "byte" in s]
    return rows, total_kept, notes


def main(dirs):
    for d in map(Path, dirs):
        results = read_csv(d / "results.csv")
        by_method = defaultdict(list)
        for r in results:
            if r["status"] != "ok":
                continue
            by_method[(r["app"], r["config"], r["method"])].append(r)
        print(f"# {d}")
        for (app, config, method), runs in sorted(by_method.items()):
            per_node = defaultdict(list)
            worst = []
            notes = set()
            for r in runs:
                rows, total, n = run_shares(d / r["run_dir"])
                notes.update(n)
                worst.append(max(abs(v[3]) for v in rows.values()))
                for node, v in rows.items():
                    per_node[node].append(v)
            print(f"## {app} / {config} / {method}: {len(runs)} runs; worst node's |deviation| per run: "
                  + " ".join(f"{w:+.0%}".replace("+", "") for w in worst)
                  + f" (median {statistics.median(worst):.0%})")
            print("| node | kept (MB, median) | kept share | capacity share | deviation (median) | runs within 15% |")
            print("| --- | --- | --- | --- | --- | --- |")
            for node, vs in per_node.items():
                dev = statistics.median(v[3] for v in vs)
                within = sum(1 for v in vs if abs(v[3]) <= 0.15)
                print(f"| {node} | {statistics.median(v[0] for v in vs) / 1e6:.1f} | "
                      f"{statistics.median(v[1] for v in vs):.1%} | {vs[0][2]:.1%} | {dev:+.1%} | {within} of {len(vs)} |")
            for n in sorted(notes):
                print(f"- decision note: {n}")
            print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
