"""How each build takes a case's arguments, and checks of those lists
against the kernels themselves (used by the dry run, where no GPU is):

- pykc (docs/abi.md, ABI v1): per array its data pointer, its shape, then
  its strides in elements, all 64-bit; scalars as themselves.
- nvcc (bench/kernels/cuda/common.cuh): per array its pointer and its
  extents (int64), no strides; scalars as themselves.
- numba: the arrays and scalars themselves.

`ptx_entries` reads a PTX file's entry points and their parameter types;
`param_problems` compares them with what a build would pass, and
`signature_problems` compares a kernel's Numba signature string with the
case's arguments."""
import ast
import re

import numpy as np

from cases import Arr


def pykc_args(args, device):
    """`device(arr)`: the device copy of an Arr (a CuPy array)."""
    out = []
    for a in args:
        if isinstance(a, Arr):
            d = device(a)
            out.append(d)
            out.extend(np.int64(n) for n in d.shape)
            out.extend(np.int64(s // d.itemsize) for s in d.strides)
        else:
            out.append(a)
    return out


def nvcc_args(args, device):
    out = []
    for a in args:
        if isinstance(a, Arr):
            d = device(a)
            out.append(d)
            out.extend(np.int64(n) for n in d.shape)
        else:
            out.append(a)
    return out


def expected_params(args, convention):
    """The parameter list a build's entry must have for these arguments, as
    NumPy dtypes (a pointer is np.uintp)."""
    out = []
    for a in args:
        if isinstance(a, Arr):
            out.append(np.dtype(np.uintp))
            out.extend([np.dtype(np.int64)] * (a.host.ndim * (2 if convention == "pykc" else 1)))
        else:
            out.append(np.asarray(a).dtype)
    return out


_ENTRY = re.compile(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)", re.S)
_PARAM = re.compile(r"\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)")


def ptx_entries(ptx_text):
    """{entry name: [PTX parameter type, e.g. 'u64', 'f32']}"""
    return {m.group(1): _PARAM.findall(m.group(2)) for m in _ENTRY.finditer(ptx_text)}


def _fits(dtype, ptx_type):
    kind = ptx_type[0]
    bits = int(ptx_type[1:]) if ptx_type[1:].isdigit() else 0
    if bits != dtype.itemsize * 8:
        return False
    if dtype.kind == "f":
        return kind in "fb"
    return kind in "usb"


def param_problems(name, expected, ptx_params):
    """Lines saying how an entry's parameters differ from what is passed."""
    if ptx_params is None:
        return ["%s: no such entry in the PTX" % name]
    if len(expected) != len(ptx_params):
        return ["%s: the PTX entry has %d parameters, the runner passes %d"
                % (name, len(ptx_params), len(expected))]
    return ["%s: parameter %d is .%s in the PTX, the runner passes %s" % (name, k, p, e)
            for k, (e, p) in enumerate(zip(expected, ptx_params)) if not _fits(e, p)]


def kernel_signatures(source_text):
    """{kernel name: its signature string} of a bench/kernels .py file."""
    sigs = {}
    for node in ast.parse(source_text).body:
        if isinstance(node, ast.FunctionDef):
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and dec.args and isinstance(dec.args[0], ast.Constant):
                    sigs[node.name] = dec.args[0].value
    return sigs


def _split_params(sig):
    inner = sig[sig.index("(") + 1:sig.rindex(")")]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        depth += ch in "[(" and 1 or (-1 if ch in "])" else 0)
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return parts + ([cur.strip()] if cur.strip() else [])


def signature_problems(name, sig, args):
    """Lines saying where the case's arguments do not match the Numba
    signature (count, dtype, number of dimensions)."""
    params = _split_params(sig)
    if len(params) != len(args):
        return ["%s: signature has %d parameters, the case passes %d" % (name, len(params), len(args))]
    bad = []
    for k, (p, a) in enumerate(zip(params, args)):
        base = p.split("[")[0].strip()
        if isinstance(a, Arr):
            ndim = p[p.index("["):].count(",") + 1 if "[" in p else 0
            if base != a.host.dtype.name or ndim != a.host.ndim:
                bad.append("%s: parameter %d is %s, the case passes a %d-d %s array"
                           % (name, k, p, a.host.ndim, a.host.dtype.name))
        elif "[" in p or base != np.asarray(a).dtype.name:
            bad.append("%s: parameter %d is %s, the case passes %s" % (name, k, p, np.asarray(a).dtype.name))
    return bad
