"""Means with 95% t-intervals and medians, shared by the analysis scripts of this folder."""
import math
import statistics

# two-sided 95% quantiles of Student's t for 1..30 degrees of freedom
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def mean_ci(xs):
    """(mean, half-width of the 95% t-interval) of a sample of at least two values."""
    n = len(xs)
    m = statistics.fmean(xs)
    if n < 2:
        return m, float("nan")
    t = T975[n - 2] if n - 1 <= len(T975) else 1.96
    return m, t * statistics.stdev(xs) / math.sqrt(n)


def fmt_ci(xs, digits=3):
    m, h = mean_ci(xs)
    return f"{m:.{digits}f} ± {h:.{digits}f}"
