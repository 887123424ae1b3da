"""Comparing what pykc's kernel left in an array argument with what Numba's
left there. Integers, booleans and everything that is not a float compare
bit for bit. Floats compare bit for bit too, except that any NaN matches any
NaN (payloads are unspecified); where they differ, the arrays are still
`close` if every differing element is finite in both and within 4 ULP or a
relative error of 1e-6: Numba compiles with NVVM, pykc with LLVM's NVPTX,
both with libdevice, so contractions and instruction choices may differ in
the last bits. Anything else is a `mismatch`."""
import numpy as np

MAX_ULP = 4
MAX_REL = 1e-6
SHOWN = 3  # differing elements quoted per array

_UNSIGNED = {2: np.uint16, 4: np.uint32, 8: np.uint64}
RANK = {"match": 0, "close": 1, "mismatch": 2}


def _flat(a):
    return np.ascontiguousarray(a).reshape(-1)


def _bitwise_differences(want, got):
    """Flat indices where two arrays of one dtype differ in any byte."""
    w, g = _flat(want), _flat(got)
    wb = w.view(np.uint8).reshape(len(w), -1)
    gb = g.view(np.uint8).reshape(len(g), -1)
    return np.nonzero((wb != gb).any(axis=1))[0]


def _ordered(bits, width):
    """Maps IEEE bit patterns to unsigned integers in the order of the
    values they encode, so that the ULP distance is a difference."""
    sign = _UNSIGNED[width](1) << _UNSIGNED[width](8 * width - 1)
    return np.where(bits & sign, ~bits, bits | sign).astype(np.uint64)


def ulp_distance(want, got):
    """Elementwise ULP distance of two flat float arrays (uint64)."""
    width = want.dtype.itemsize
    a = _ordered(want.view(_UNSIGNED[width]), width)
    b = _ordered(got.view(_UNSIGNED[width]), width)
    return np.where(a > b, a - b, b - a)


def _nan_as_inf(errors):
    return np.where(np.isnan(errors), np.inf, errors)


class FloatErrors:
    """The differing elements of two flat float arrays (NaN = NaN) and how
    far apart they are; an error involving a NaN counts as infinite."""

    def __init__(self, want, got):
        differs = want.view(_UNSIGNED[want.dtype.itemsize]) != got.view(_UNSIGNED[got.dtype.itemsize])
        differs &= ~(np.isnan(want) & np.isnan(got))
        self.indices = np.nonzero(differs)[0]
        w = want[self.indices].astype(np.float64)
        g = got[self.indices].astype(np.float64)
        with np.errstate(all="ignore"):
            self.abs = _nan_as_inf(np.abs(w - g))
            self.rel = _nan_as_inf(np.where(w == 0, np.inf, self.abs / np.abs(w)))
        self.ulp = ulp_distance(want[self.indices], got[self.indices])
        finite = np.isfinite(w) & np.isfinite(g)
        self.close = finite & ((self.ulp <= MAX_ULP) | (self.rel <= MAX_REL))


def _error_summary(parts):
    """', max abs err A, max rel err R, max ulp U' over the parts (the
    real and imaginary parts of complex arrays)."""
    parts = [p for p in parts if len(p.indices)]
    return ", max abs err %.3g, max rel err %.3g, max ulp %d" % (
        max(p.abs.max() for p in parts), max(p.rel.max() for p in parts), max(int(p.ulp.max()) for p in parts))


def _float_parts(a):
    """The float arrays an array of floats or complexes is made of."""
    a = _flat(a)
    if a.dtype.kind == "c":
        return [np.ascontiguousarray(a.real), np.ascontiguousarray(a.imag)]
    return [a]


def _quote(indices, want, got):
    w, g = _flat(want), _flat(got)
    return "; ".join("[%d] numba %r pykc %r" % (i, w[i].item(), g[i].item()) for i in indices[:SHOWN])


def compare_array(label, want, got):
    """(outcome, detail) for one array argument: outcome 'match', 'close' or
    'mismatch'; detail None for a match, else a line saying where and by
    how much they differ."""
    if want.shape != got.shape or want.dtype != got.dtype:
        return "mismatch", "%s: numba %s %s, pykc %s %s" % (label, want.dtype, want.shape, got.dtype, got.shape)
    if want.size == 0:
        return "match", None
    if not _is_ieee(want.dtype):
        differing = _bitwise_differences(want, got)
        if not len(differing):
            return "match", None
        return "mismatch", "%s: %d of %d elements differ: %s" % (
            label, len(differing), want.size, _quote(differing, want, got))
    return _compare_floats(label, want, got)


def _is_ieee(dtype):
    """float16/32/64 and complex64/128: the types compared as floats."""
    return (dtype.kind == "f" and dtype.itemsize in (2, 4, 8)) or (dtype.kind == "c" and dtype.itemsize in (8, 16))


def _compare_floats(label, want, got):
    parts = [FloatErrors(w, g) for w, g in zip(_float_parts(want), _float_parts(got))]
    differing = np.union1d(*[p.indices for p in parts]) if len(parts) == 2 else parts[0].indices
    if not len(differing):
        return "match", None
    summary = _error_summary(parts)
    if all(p.close.all() for p in parts):
        return "close", "%s: %d of %d elements within %d ulp or %g relative%s" % (
            label, len(differing), want.size, MAX_ULP, MAX_REL, summary)
    return "mismatch", "%s: %d of %d elements differ: %s%s" % (
        label, len(differing), want.size, _quote(differing, want, got), summary)


def compare_launch(arrays):
    """(run, run_detail) for one launch from [(label, numba's array, pykc's
    array)]: the worst outcome of its arrays, and the lines of those that
    are not a match joined by ' | '."""
    outcome, details = "match", []
    for label, want, got in arrays:
        result, detail = compare_array(label, want, got)
        if RANK[result] > RANK[outcome]:
            outcome = result
        if detail:
            details.append(detail)
    return outcome, (" | ".join(details) or None)
