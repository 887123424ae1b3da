"""The benchmark's summary: per-kernel medians and spreads of GPU time per
launch, the ratios numba/pykc and nvcc/pykc (above 1: pykc is faster), their
geometric means, the text table, the raw JSON and the bar chart. Pure
Python (matplotlib only for the chart)."""
import json
import math
import statistics

VERSIONS = ("pykc", "numba", "nvcc")


def quartiles(samples):
    """(q1, median, q3) by linear interpolation."""
    s = sorted(samples)
    def at(p):
        k = (len(s) - 1) * p
        lo = math.floor(k)
        hi = min(lo + 1, len(s) - 1)
        return s[lo] + (s[hi] - s[lo]) * (k - lo)
    return at(0.25), at(0.5), at(0.75)


def summarise(samples):
    """Median, IQR and min-max of one version's per-launch times (us)."""
    q1, med, q3 = quartiles(samples)
    return {"median_us": med, "q1_us": q1, "q3_us": q3, "min_us": min(samples), "max_us": max(samples),
            "n": len(samples)}


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def ratios(row):
    """numba/pykc and nvcc/pykc of the medians: how many times faster pykc
    is than each (None where a version has no time)."""
    t = {v: row["stats"][v]["median_us"] if row["stats"].get(v) else None for v in VERSIONS}
    def r(v):
        return t[v] / t["pykc"] if t[v] and t["pykc"] else None
    return r("numba"), r("nvcc")


def table(rows, header_lines=()):
    """The text table: one line per kernel, then the geometric means."""
    out = list(header_lines)
    fmt = "%-24s %10s %10s %10s %8s %8s %5s %-8s %s"
    out.append(fmt % ("kernel", "pykc us", "numba us", "nvcc us", "nb/pykc", "nv/pykc", "K", "timing", "check"))
    out.append("-" * 110)
    rn, rv = [], []
    for row in rows:
        numba, nvcc = ratios(row)
        rn.append(numba)
        rv.append(nvcc)
        def cell(v):
            s = row["stats"].get(v)
            return "%.2f" % s["median_us"] if s else "-"
        def spread(v):
            s = row["stats"].get(v)
            return "IQR %.1f%%" % (100 * (s["q3_us"] - s["q1_us"]) / s["median_us"]) if s else ""
        out.append(fmt % (row["kernel"], cell("pykc"), cell("numba"), cell("nvcc"),
                          "%.3f" % numba if numba else "-", "%.3f" % nvcc if nvcc else "-",
                          row.get("launches", "-"), row.get("method", "-"),
                          "ok" if row.get("agree", True) else "MISMATCH"))
        out.append(fmt % ("", spread("pykc"), spread("numba"), spread("nvcc"), "", "", "", "", ""))
    out.append("-" * 110)
    out.append("geometric mean over %d kernels: numba/pykc %.3f, nvcc/pykc %.3f"
               % (len(rows), geomean(rn), geomean(rv)))
    slower = [r["kernel"] for r, x in zip(rows, rn) if x and x < 0.98]
    out.append("kernels where pykc is slower than numba (ratio < 0.98): %s" % (", ".join(slower) or "none"))
    behind = [r["kernel"] for r, x in zip(rows, rv) if x and x < 1 / 1.05]
    out.append("kernels more than 5%% behind nvcc: %s" % (", ".join(behind) or "none"))
    return "\n".join(out) + "\n"


def write_json(path, meta, rows):
    rn = [ratios(r)[0] for r in rows]
    rv = [ratios(r)[1] for r in rows]
    doc = {"meta": meta, "geomean_numba_over_pykc": geomean(rn), "geomean_nvcc_over_pykc": geomean(rv),
           "kernels": rows}
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)


def chart(path, rows, title):
    """A horizontal bar chart of numba/pykc and nvcc/pykc per kernel, a line
    at 1. Returns False (and draws nothing) where matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    names = [r["kernel"] for r in rows]
    rn = [ratios(r)[0] or 0 for r in rows]
    rv = [ratios(r)[1] or 0 for r in rows]
    h = 0.4
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(rows) + 1.5))
    ys = list(range(len(rows)))
    ax.barh([y - h / 2 for y in ys], rn, height=h, label="numba / pykc (geomean %.3f)" % geomean(rn))
    ax.barh([y + h / 2 for y in ys], rv, height=h, label="nvcc / pykc (geomean %.3f)" % geomean(rv))
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(ys)
    ax.set_yticklabels(names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("time ratio (other / pykc): above 1, pykc is faster")
    ax.set_title(title, fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True
