"""Checks `pykc compile --metadata` against the PTX it describes: every
.entry of the PTX is an entry of the JSON and the other way round, and each
has as many PTX parameters, of the widths the JSON's dtypes give.

Usage: json_ptx_params.py PTX JSON   (prints "ok N entries" or the differences)"""
import json
import re
import sys

# NumPy names without their width in bits
WIDTHS = {"bool": 8, "float16": 16}


def width(dtype):
    if dtype in WIDTHS:
        return WIDTHS[dtype]
    return int(re.search(r"(\d+)$", dtype).group(1))


def ptx_entries(text):
    entries = {}
    for m in re.finditer(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", text):
        entries[m.group(1)] = [int(w) for w in re.findall(r"\.param\s+\.[a-z](\d+)", m.group(2))]
    return entries


def main(ptx, meta):
    have = ptx_entries(open(ptx).read())
    data = json.load(open(meta))
    bad = []
    listed = {}
    for kernel in data["kernels"]:
        for o in kernel["overloads"]:
            listed[o["entry"]] = [width(p["dtype"]) for p in o["ptx_params"]]
    for name in sorted(set(have) | set(listed)):
        if name not in have or name not in listed:
            bad.append("%s: only in the %s" % (name, "JSON" if name in listed else "PTX"))
        elif have[name] != listed[name]:
            bad.append("%s: PTX widths %s, JSON %s" % (name, have[name], listed[name]))
    print("\n".join(bad) if bad else "ok %d entries" % len(have))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
