"""`harness.py compile`: runs only pykc's compile step again, for every
kernel an earlier run recorded, on a machine without a GPU or numba. The
records come out as they went in with fresh compile fields; a record whose
compile outcome changed keeps its (now outdated) run fields and gets
"stale": true, which the report counts as not run."""
import concurrent.futures
import os
import tempfile

from . import checkout, pykc_compile, records

NOT_COMPILED = ("unsupported-type", "no-source")  # the harness never gives these to pykc


def distinct_keys(old):
    """{key: the record's `source` field (exec_kernels.py) or None}: the
    kernels to compile, each once, in the order first recorded."""
    keys = {}
    for record in old:
        if record.get("compile") not in NOT_COMPILED:
            keys.setdefault(records.kernel_key(record), record.get("source"))
    return keys


def compile_all(pykc, root, keys, extra_args, jobs):
    """{key: compile fields}, compiling `jobs` kernels at a time."""
    with tempfile.TemporaryDirectory(prefix="pykc-recompile-") as scratch:
        def one(key):
            output = os.path.join(scratch, records.key_digest(key) + ".ptx")
            return key, pykc_compile.compile_kernel(pykc, root, key, output, extra_args, source=keys[key])
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            return dict(pool.map(one, keys))


def refreshed(record, fresh):
    """The record with the fresh compile fields, marked stale when the
    compile outcome is not the one its run fields were measured with."""
    new = dict(record)
    if fresh is None:
        return new
    new.update(fresh)
    if fresh["compile"] != record.get("compile") or record.get("stale"):
        new["stale"] = True
    return new


def changes(old, new):
    """Lines naming the kernels whose compile outcome changed."""
    seen, lines = set(), []
    for before, after in zip(old, new):
        key = records.kernel_key(after)
        if key in seen or before.get("compile") == after.get("compile"):
            continue
        seen.add(key)
        lines.append("  %s -> %s: %s:%s %s %s" % (before.get("compile"), after["compile"],
                                                  key[0], key[1], key[2], key[3]))
    return lines


def run_recompile(args):
    old = records.read_records(args.records)
    keys = distinct_keys(old)
    pykc = pykc_compile.program(args.pykc)
    with checkout.opened(args.checkout, args.rev) as root:
        fresh = compile_all(pykc, root, keys, args.pykc_arg or [], args.jobs)
    new = [refreshed(r, fresh.get(records.kernel_key(r))) for r in old]
    records.write_records(os.path.abspath(args.out), new)
    ok = sum(1 for f in fresh.values() if f["compile"] == "ok")
    print("recompiled %d kernels: %d compile, %d do not" % (len(keys), ok, len(keys) - ok))
    lines = changes(old, new)
    if lines:
        print("kernels whose compile outcome changed: %d" % len(lines))
        print("\n".join(lines))
    return 0
