#!/usr/bin/env python3
"""advise's predictions on the five-node run set against the measured paired rounds.

Usage: analyse.py <suite results.csv> <advice.csv>

Per round (application, repetition) the suite ran the job stock and under two-stage Pikachu, one
after the other on the same cluster. advise read both histories: the stock one gives a predicted
saving (with its 90% interval, job time only) and predicted map phase and reduce tail; the
two-stage one gives what it gained against a predicted stock time. Measured savings are per round,
1 - two-stage / stock of the same round, for the job, its map phase (launch to the last map's end)
and its reduce tail (last map's end to the job's end). Summaries: median, mean and the mean's 95%
Student-t interval over the rounds (as the suite's `compare` does), and the rounds a claim needs.
"""
import csv
import math
import statistics
import sys
from collections import defaultdict

# Two-sided 97.5% Student-t quantiles by degrees of freedom (no scipy on the machine's Python).
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120,
        17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000}


def t975(dof):
    if dof in T975:
        return T975[dof]
    keys = sorted(k for k in T975 if k <= dof)
    return T975[keys[-1]] if keys else 12.706


def summary(values):
    n = len(values)
    med = statistics.median(values)
    mean = statistics.fmean(values)
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    return med, mean, half, n


def rounds_for(sd, half_width):
    """Rounds for the mean's 95% interval to be no wider than +/- half_width (the suite's rule)."""
    if half_width <= 0:
        return float("inf")
    for n in range(2, 10000):
        if t975(n - 1) * sd / math.sqrt(n) <= half_width:
            return n
    return 10000


def pct(x):
    return f"{100 * x:+.1f}%"


def main(results_csv, advice_csv):
    runs = defaultdict(dict)
    for r in csv.DictReader(open(results_csv)):
        if r["status"] == "ok":
            runs[(r["app"], int(r["rep"]))][r["method"]] = r
    advice = {a["job_id"]: a for a in csv.DictReader(open(advice_csv)) if a["job_id"]}

    rows = []
    for (app, rep), m in sorted(runs.items()):
        if "stock" not in m or "two-stage" not in m:
            continue
        st, ts = m["stock"], m["two-stage"]
        s_job, t_job = float(st["seconds"]), float(ts["seconds"])
        s_map, t_map = float(st["maps_done_s"]), float(ts["maps_done_s"])
        a = advice.get(st["job_id"])
        b = advice.get(ts["job_id"])
        row = {
            "app": app, "rep": rep,
            "stock_s": s_job, "two_stage_s": t_job,
            "meas_job": 1 - t_job / s_job,
            "meas_map": 1 - t_map / s_map,
            "meas_tail": 1 - (t_job - t_map) / (s_job - s_map),
        }
        if a and a["kind"] == "stock" and a["saving"]:
            hm = float(a["measured_map_s"])
            hj = float(a["measured_s"])
            row.update({
                "pred_s": float(a["predicted_other_s"]),
                "low_s": float(a["predicted_other_low_s"]),
                "high_s": float(a["predicted_other_high_s"]),
                "pred_job": float(a["saving"]),
                "pred_low": float(a["saving_low"]),
                "pred_high": float(a["saving_high"]),
                "pred_map": 1 - float(a["predicted_other_map_s"]) / hm,
                "pred_tail": 1 - float(a["predicted_other_tail_s"]) / (hj - hm),
                "p": f"{float(a['p']):.2f}", "p_limit": bool(a["p_limit"]),
            })
            row["inside"] = row["low_s"] <= t_job <= row["high_s"]
            row["err"] = row["pred_s"] / t_job - 1
        if b and b["kind"] == "pikachu" and b["saving"]:
            row.update({
                "gain": float(b["saving"]),
                "stock_pred_s": float(b["predicted_other_s"]),
                "gain_inside": float(b["predicted_other_low_s"]) <= s_job
                <= float(b["predicted_other_high_s"]),
                "gain_err": float(b["predicted_other_s"]) / s_job - 1,
            })
        rows.append(row)

    print("## Rounds\n")
    print("| app | round | stock s | two-stage s | measured saving: job / map / tail "
          "| advise (stock history): two-stage s [90%] | predicted saving: job [90%] / map / tail "
          "| P | twin inside | advise (two-stage history): stock s, gained |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        pred = (f"{r['pred_s']:.1f} [{r['low_s']:.1f}, {r['high_s']:.1f}]"
                if "pred_s" in r else "-")
        ps = (f"{pct(r['pred_job'])} [{pct(r['pred_low'])}, {pct(r['pred_high'])}] / "
              f"{pct(r['pred_map'])} / {pct(r['pred_tail'])}" if "pred_s" in r else "-")
        gain = (f"{r['stock_pred_s']:.1f} ({'in' if r['gain_inside'] else 'OUT'}), "
                f"{pct(r['gain'])}" if "gain" in r else "-")
        print(f"| {r['app']} | {r['rep']} | {r['stock_s']:.1f} | {r['two_stage_s']:.1f} "
              f"| {pct(r['meas_job'])} / {pct(r['meas_map'])} / {pct(r['meas_tail'])} "
              f"| {pred} | {ps} | {r.get('p', '-')}{' (limited)' if r.get('p_limit') else ''} "
              f"| {('yes' if r['inside'] else 'NO') if 'inside' in r else '-'} | {gain} |")

    groups = defaultdict(list)
    for r in rows:
        groups[r["app"]].append(r)
    if len(groups) > 1:
        groups["all"] = rows
    print("\n## Predicted against measured (saving = 1 - two-stage / stock, per round)\n")
    print("| app | measure | measured: median; mean [95%]; n | advise's prediction from the "
          "stock history: median [median of the 90% bounds] | predicted - measured: median; "
          "mean [95%] | rounds for the measured mean's 95% interval to exclude 0 | rounds for "
          "the mean of predicted - measured to exclude 0 |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for app, rs in groups.items():
        for key, label in (("job", "job"), ("map", "map phase"), ("tail", "reduce tail")):
            meas = [r["meas_" + key] for r in rs]
            med, mean, half, n = summary(meas)
            have = [r for r in rs if "pred_job" in r]
            predv = [r["pred_" + key] for r in have]
            if predv:
                pm = statistics.median(predv)
                bounds = ""
                if key == "job":
                    bounds = (f" [{pct(statistics.median(r['pred_low'] for r in have))}, "
                              f"{pct(statistics.median(r['pred_high'] for r in have))}]")
                diffs = [r["pred_" + key] - r["meas_" + key] for r in have]
                dmed, dmean, dhalf, dn = summary(diffs)
                pred_txt = f"{pct(pm)}{bounds}"
                diff_txt = (f"{100 * dmed:+.1f} pts; {100 * dmean:+.1f} "
                            f"[{100 * (dmean - dhalf):+.1f}, {100 * (dmean + dhalf):+.1f}]")
                dneed = rounds_for(statistics.stdev(diffs), abs(dmean)) if dn > 1 else "-"
            else:
                pred_txt = diff_txt = dneed = "-"
            need = rounds_for(statistics.stdev(meas), abs(mean)) if n > 1 else "-"
            print(f"| {app} | {label} | {pct(med)}; {pct(mean)} [{pct(mean - half)}, "
                  f"{pct(mean + half)}]; {n} | {pred_txt} | {diff_txt} | {need} | {dneed} |")

    print("\n## advise's error on these pairs (the docs' target: the measured twin inside the "
          "stated 90% interval in at least 80% of jobs)\n")
    for app, rs in groups.items():
        st = [r for r in rs if "inside" in r]
        pk = [r for r in rs if "gain_inside" in r]
        if st:
            errs = [abs(r["err"]) for r in st]
            print(f"- {app}, stock history -> two-stage time: twin inside in "
                  f"{sum(r['inside'] for r in st)} of {len(st)}; median |error| "
                  f"{100 * statistics.median(errs):.1f}%; median signed "
                  f"{pct(statistics.median(r['err'] for r in st))}")
        if pk:
            errs = [abs(r["gain_err"]) for r in pk]
            print(f"- {app}, two-stage history -> stock time: twin inside in "
                  f"{sum(r['gain_inside'] for r in pk)} of {len(pk)}; median |error| "
                  f"{100 * statistics.median(errs):.1f}%; median signed "
                  f"{pct(statistics.median(r['gain_err'] for r in pk))}; median gained "
                  f"{pct(statistics.median(r['gain'] for r in pk))} (measured saving "
                  f"{pct(statistics.median(r['meas_job'] for r in pk))})")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
