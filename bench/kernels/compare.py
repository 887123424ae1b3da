"""Whether two builds' outputs of one case agree, by the case's tolerance
(cases.Tol): integers bit for bit, floats within rtol/atol (NaN matches
NaN), and at most `frac` of the elements outside that. NumPy only."""
import numpy as np


class _Bits:
    rtol = atol = frac = 0.0


EXACT_BITS = _Bits()    # bit for bit (NaN matches NaN)


def mismatches(got, want, tol):
    """A boolean array: the elements of `got` that disagree with `want`."""
    got, want = np.asarray(got).reshape(-1), np.asarray(want).reshape(-1)
    if got.shape != want.shape or got.dtype != want.dtype:
        raise ValueError("shapes or dtypes differ: %s %s vs %s %s" % (got.shape, got.dtype, want.shape, want.dtype))
    if got.dtype.kind != "f" or (tol.rtol == 0 and tol.atol == 0):
        bad = got.view(np.uint8).reshape(len(got), -1) != want.view(np.uint8).reshape(len(want), -1)
        bad = bad.any(axis=1)
        if got.dtype.kind == "f":
            bad &= ~(np.isnan(got) & np.isnan(want))
        return bad
    g, w = got.astype(np.float64), want.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        close = np.abs(g - w) <= tol.atol + tol.rtol * np.abs(w)
    close |= (g == w)                      # equal infinities
    close |= np.isnan(g) & np.isnan(w)
    return ~close


def agreement(got, want, tol, label):
    """(ok, message): whether output `got` agrees with `want` by `tol`, and a
    line saying how (largest relative difference) or where it does not."""
    bad = mismatches(got, want, tol)
    nbad, total = int(bad.sum()), bad.size
    g, w = np.asarray(got).reshape(-1), np.asarray(want).reshape(-1)
    if not mismatches(g, w, EXACT_BITS).any():
        return True, "%s: bit-equal" % label
    worst = ""
    if g.dtype.kind == "f" and total:
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            rel = np.abs(g.astype(np.float64) - w) / np.maximum(np.abs(w.astype(np.float64)), 1e-30)
        rel = rel[np.isfinite(rel)]
        worst = ", max rel diff %.2e" % (rel.max() if rel.size else 0.0)
    if nbad <= tol.frac * total:
        return True, "%s: %d/%d outside tolerance%s" % (label, nbad, total, worst)
    first = int(np.nonzero(bad)[0][0])
    return False, "%s: %d/%d elements differ (allowed %d), first [%d]: %r vs %r%s" % (
        label, nbad, total, int(tol.frac * total), first, g[first], w[first], worst)
