"""Seed 001 across seeds: reads taalk-seeds.sh's output folder, prints one table per quantity.

Usage: python3 analyse_taalk.py OUTDIR          (taalk-seeds.sh's folder)
       python3 analyse_taalk.py OUTDIR grid     (taalk-costs.sh's folder)
"""
import csv
import os
import sys

from stats import fmt_ci

BACKOFFS = [1, 3, 7, 15, 31, 63]


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def per_seed(d):
    fig7 = {int(r["load"]): r for r in rows(os.path.join(d, "taalk-fig7.csv"))}
    fig9 = {int(r["load"]): r for r in rows(os.path.join(d, "taalk-fig9.csv"))}
    fig12 = rows(os.path.join(d, "taalk-fig12.csv"))
    fig11 = rows(os.path.join(d, "taalk-fig11.csv"))
    out = {}
    out["loads 8-25 where TAALK's mean FCT < random's"] = sum(
        float(fig7[x]["taalk"]) < float(fig7[x]["random"]) for x in range(8, 26))
    out["loads 30-100 where TAALK's mean FCT > random's"] = sum(
        float(fig7[x]["taalk"]) > float(fig7[x]["random"]) for x in range(30, 101))
    out["load of TAALK's highest mean FCT"] = max(fig7, key=lambda x: float(fig7[x]["taalk"]))
    for x in (82, 83, 88):
        out[f"job time random / TAALK at load {x}"] = float(fig9[x]["random_over_taalk"])
        out[f"job time Maglev / TAALK at load {x}"] = float(fig9[x]["maglev_over_taalk"])
    out["largest job-time ratio random / TAALK, loads >= 60"] = max(
        float(fig9[x]["random_over_taalk"]) for x in fig9 if x >= 60)
    out["largest job-time ratio random / TAALK, any load"] = max(
        float(fig9[x]["random_over_taalk"]) for x in fig9)
    out["largest FCT of random choice (s)"] = max(float(r["random"]) for r in fig9.values())
    out["largest FCT of Maglev (s)"] = max(float(r["maglev"]) for r in fig9.values())
    out["loads >= 60 where TAALK's job time is lower than random's"] = sum(
        float(fig9[x]["random_over_taalk"]) > 1 for x in fig9 if x >= 60)
    mx = {p: max(float(r["fct_s"]) for r in fig11 if r["policy"] == p) for p in ("taalk", "maglev")}
    out["load 83: Maglev's job time below TAALK's (1 = yes)"] = int(mx["maglev"] < mx["taalk"])
    out["load 93: TAALK flows of 0.9-1.1 s"] = sum(
        r["policy"] == "taalk" and 0.9 <= float(r["fct_s"]) <= 1.1 for r in fig12)
    return out


def main(root):
    seeds = sorted(
        (int(n[4:]) for n in os.listdir(root) if n.startswith("seed") and os.path.isdir(os.path.join(root, n))))
    results = {s: per_seed(os.path.join(root, f"seed{s}")) for s in seeds}
    keys = list(results[seeds[0]])
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} sweeps); mean ± 95% t-interval, then each seed")
    for k in keys:
        xs = [results[s][k] for s in seeds]
        print(f"| {k} | {fmt_ci(xs, 2)} | {' '.join(f'{x:g}' for x in xs)} |")


if __name__ == "__main__" and len(sys.argv) == 2:
    main(sys.argv[1])


def grid(root):
    """One line per cell of taalk-costs.sh: the notes' findings per seed (1 = holds)."""
    print("| cell | seed | largest ratio random / TAALK >= 8 | TAALK job time lower at >= 70% of loads >= 60"
          " | TAALK mean above random at >= 70% of loads 30-100 | loads 8-25 TAALK shorter | peak load"
          " | largest random FCT (s) |")
    for cell in sorted(os.listdir(root)):
        d = os.path.join(root, cell)
        if not os.path.isdir(d):
            continue
        for s in sorted(int(n[4:]) for n in os.listdir(d) if n.startswith("seed") and os.path.isdir(os.path.join(d, n))):
            r = per_seed(os.path.join(d, f"seed{s}"))
            print(f"| {cell} | {s} | {int(r['largest job-time ratio random / TAALK, any load'] >= 8)}"
                  f" | {int(r['loads >= 60 where TAALK' + chr(39) + 's job time is lower than random' + chr(39) + 's'] >= 0.7 * 41)}"
                  f" | {int(r['loads 30-100 where TAALK' + chr(39) + 's mean FCT > random' + chr(39) + 's'] >= 0.7 * 71)}"
                  f" | {r['loads 8-25 where TAALK' + chr(39) + 's mean FCT < random' + chr(39) + 's']}"
                  f" | {r['load of TAALK' + chr(39) + 's highest mean FCT']}"
                  f" | {r['largest FCT of random choice (s)']:.1f} |")


if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[2] == "grid":
    grid(sys.argv[1])
