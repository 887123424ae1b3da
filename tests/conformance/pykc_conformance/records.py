"""The records of a conformance run: one JSON object per checked launch, in a
JSON Lines file that many test processes append to at once, and the key that
names a kernel (one function with one signature)."""
import hashlib
import json
import os
import sys

KEY_FIELDS = ("file", "line", "qualname", "sig", "binds")


def kernel_key(record):
    """(file, line, qualname, sig, binds): what makes a kernel distinct. The
    binds are the --bind options for the values its closure captured
    (closure_values.py): one def in a loop makes a kernel per value. A
    kernel Numba generates for a ufunc (ufuncs.py) has a sixth part: its
    kind, core signature and layout; records without a `ufunc` field (all
    of earlier runs) keep five."""
    key = tuple(tuple(record.get(field) or ()) if field == "binds" else record.get(field)
                for field in KEY_FIELDS)
    ufunc = record.get("ufunc")
    if ufunc:
        key += ((ufunc.get("kind"), ufunc.get("sig"), ufunc.get("layout") or ""),)
    return key


def key_from_json(key):
    """A kernel key read back from JSON, where its tuples became lists."""
    return tuple(tuple(part) if isinstance(part, list) else part for part in key)


def strip_locals(qualname):
    """A kernel's name in the records: its __qualname__ without the
    <locals> parts, TestFoo.test_bar.<locals>.kernel -> TestFoo.test_bar.kernel
    (pykc's --kernel names it so)."""
    return ".".join(part for part in qualname.split(".") if part != "<locals>")


def key_digest(key):
    """A short file-name-safe name for a kernel key (caches, launch slots)."""
    return hashlib.sha1(json.dumps(list(key)).encode()).hexdigest()[:20]


def append_record(path, record):
    """Appends one line with one write(2) on an O_APPEND descriptor, so that
    lines from concurrent processes never interleave."""
    line = (json.dumps(record, sort_keys=True) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read_records(path):
    """The records of a JSONL file, in order. A line that is not a JSON
    object (a process killed mid-write) is skipped with a warning rather than
    failing the whole report."""
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                record = None
            if isinstance(record, dict):
                records.append(record)
            else:
                sys.stderr.write("%s:%d: skipped a line that is not a JSON object\n" % (path, number))
    return records


def write_records(path, records):
    """Writes a whole JSONL file at once (through a temporary file and a
    rename, so a reader never sees half of it)."""
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, sort_keys=True) + "\n")
    os.replace(temporary, path)
