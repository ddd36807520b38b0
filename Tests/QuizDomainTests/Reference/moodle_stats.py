#!/usr/bin/env python3
"""An independent reference for the quiz statistics tests: Moodle's formulas written out
plainly with Python's statistics module. Reads {"marks": [[mark per question] per attempt],
"max": [max mark per question]} on stdin; writes the figures as JSON (null when undefined).
"""
import json
import math
import statistics
import sys


def cov(x, y):
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (n - 1)


def main():
    data = json.load(sys.stdin)
    marks, maxes = data["marks"], data["max"]
    s, p = len(marks), len(maxes)
    totals = [sum(row) for row in marks]
    columns = [[row[i] for row in marks] for i in range(p)]
    out = {"mean": statistics.fmean(totals), "median": statistics.median(totals), "min": min(totals), "max": max(totals)}
    out["sd"] = statistics.stdev(totals) if s >= 2 else None
    mean = out["mean"]
    m = {k: sum((t - mean) ** k for t in totals) / s for k in (2, 3, 4)}
    k2 = s * m[2] / (s - 1) if s >= 2 else None
    out["skewness"] = (s * s * m[3] / ((s - 1) * (s - 2))) / k2 ** 1.5 if s >= 3 and k2 else None
    out["kurtosis"] = (s * s * ((s + 1) * m[4] - 3 * (s - 1) * m[2] ** 2) / ((s - 1) * (s - 2) * (s - 3))) / k2 ** 2 if s >= 4 and k2 else None
    if p >= 2 and k2:
        cic = 100 * p / (p - 1) * (1 - sum(statistics.variance(c) for c in columns) / k2)
        out["cic"] = cic
        out["error_ratio"] = 100 * math.sqrt(max(0.0, 1 - cic / 100))
        out["standard_error"] = out["error_ratio"] * out["sd"] / 100
    else:
        out["cic"] = out["error_ratio"] = out["standard_error"] = None
    covs = [cov(c, totals) for c in columns]
    root_sum = sum(math.sqrt(c) for c in covs if c is not None and c >= 0)
    items = []
    for i, x in enumerate(columns):
        rest = [t - a for t, a in zip(totals, x)]
        vx, vr, c = (statistics.variance(x), statistics.variance(rest), cov(x, rest)) if s >= 2 else (None, None, None)
        cmax = cov(sorted(x), sorted(rest))
        items.append({
            "facility": statistics.fmean(x) / maxes[i],
            "sd": math.sqrt(vx) / maxes[i] if vx is not None else None,
            "intended_weight": 100 * maxes[i] / sum(maxes),
            "effective_weight": 100 * math.sqrt(covs[i]) / root_sum if covs[i] is not None and covs[i] >= 0 and root_sum > 0 else None,
            "discrimination_index": 100 * c / math.sqrt(vx * vr) if vx and vr else None,
            "discriminative_efficiency": 100 * c / cmax if cmax else None,
        })
    out["items"] = items
    json.dump(out, sys.stdout)


main()
