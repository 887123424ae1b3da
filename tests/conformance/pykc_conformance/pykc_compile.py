"""The pykc side of a kernel: compiling one kernel of a checkout's source
file to PTX, reading the entry name from the PTX's launch facts, and a cache
shared by all the processes of a run. Standard library only: compile mode
runs it on machines without numpy, numba or a GPU.

pykc is run from the checkout's root with the file's relative path, so its
messages name the file the same way in run mode and in compile mode."""
import ast
import json
import os
import re
import shutil
import subprocess
import tempfile

from . import exec_kernels, records, ufuncs

COMPILE_TIMEOUT_S = 60

# A launch-facts line (docs/abi.md): "// pykc.kernel NAME(PARAMS) ATTRIBUTES".
FACTS_LINE = re.compile(r"^// pykc\.kernel[ \t]+([^\s(]+)[ \t]*\((.*)\)")
# A kernel's entry in the PTX: ".visible .entry NAME(".
ENTRY_LINE = re.compile(r"^\.visible[ \t]+\.entry[ \t]+([^\s(]+)", re.MULTILINE)


def program(name):
    """pykc's absolute path (it runs from the checkout's root): a path as
    given, or a name found on PATH."""
    return os.path.abspath(name if os.sep in name else shutil.which(name) or name)


def kernel_option(qualname, line):
    """NAME@LINE, how --kernel and --sig name one function of the file:
    its qualified name and the line of its code object (co_firstlineno, the
    line of the first decorator when it has decorators)."""
    return "%s@%d" % (qualname, line)


def _called_name(node):
    """'jit' for cuda.jit(...), numba.cuda.jit(...) and jit(...)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _jit_gives_signature(decorator):
    """@cuda.jit("void(float32[:])"), @cuda.jit(["...", "..."]) or
    @cuda.jit(void(float32[:])): the first positional argument of a jit
    call is its signature or signature list."""
    return (isinstance(decorator, ast.Call) and _called_name(decorator.func) == "jit"
            and bool(decorator.args))


def has_decorator_signature(path, line, name):
    """Whether the function `name` whose code starts at `line` has a
    decorator giving its signature(s). pykc refuses a --sig for such a
    function (it has one already), so the harness passes none. A file this
    Python cannot parse counts as no."""
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return False
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != name:
            continue
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        if first == line:
            return any(_jit_gives_signature(d) for d in node.decorator_list)
    return False


def compile_command(pykc, key, output, extra_args=(), root=".", path=None):
    """pykc's command line for one kernel: --kernel NAME@LINE, --sig
    NAME@LINE=SIG unless the source gives the signature itself, and a
    --bind for each value its closure captured. `path` is the file to
    compile when it is not the key's (a function compiled from a string)."""
    file, line, qualname, sig = key[:4]
    file = path or file
    binds = key[4] if len(key) > 4 else ()
    ufunc = key[5] if len(key) > 5 else None
    name = kernel_option(qualname, line)
    command = [pykc, "compile", file]
    # a ufunc's generated kernel (ufuncs.py): pykc builds it from the def
    command += ufuncs.pykc_options(qualname, line, ufunc) if ufunc else ["--kernel", name]
    if os.path.isdir(os.path.join(root, "numba_cuda")):
        # numba-cuda's tests import their use cases absolutely
        # (numba.cuda.tests.cudapy.complex_usecases): the package's root
        command += ["-I", "numba_cuda"]
    if not ufunc and not has_decorator_signature(os.path.join(root, file), line, qualname.split(".")[-1]):
        command += ["--sig", "%s=%s" % (name, sig)]
    for bind in binds:
        command += ["--bind", bind]
    return command + list(extra_args) + ["-o", output]


def first_error_line(stderr):
    """pykc's first 'error:' line (the one a person fixes first), else its
    last line of output, else None."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line:
            return line.strip()
    return lines[-1].strip() if lines else None


def compile_kernel(pykc, root, key, output, extra_args=(), timeout=COMPILE_TIMEOUT_S, source=None):
    """Runs pykc on one kernel; returns {compile, compile_message,
    compile_exit}: compile is 'ok', 'error' (pykc said no, or died) or
    'timeout', compile_message pykc's first error line (None when ok).
    `source` is the record's field of a function compiled from a string:
    its file is written beside the output (exec_kernels.py), and named by
    the key's label in the message."""
    path = exec_kernels.write(source, os.path.dirname(os.path.abspath(output))) if source else None
    command = compile_command(pykc, key, output, extra_args, root, path)
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True,
                              errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"compile": "timeout", "compile_exit": None,
                "compile_message": "pykc did not finish in %d s" % timeout}
    except OSError as error:
        return {"compile": "error", "compile_exit": None,
                "compile_message": "cannot run pykc: %s" % error}
    if done.returncode == 0 and os.path.exists(output):
        return {"compile": "ok", "compile_exit": 0, "compile_message": None}
    message = first_error_line(done.stderr) or "exit status %d" % done.returncode
    if path:
        message = message.replace(path, key[0])
    if done.returncode < 0:
        message = "pykc was killed by signal %d: %s" % (-done.returncode, message)
    return {"compile": "error", "compile_exit": done.returncode, "compile_message": message}


def facts_entries(ptx_text):
    """[(entry name, [parameter type, ...])] from the PTX's launch-facts
    lines, types without blanks (array(float32,1d,C)); then (entry name,
    None) for each entry without one."""
    entries = []
    for line in ptx_text.splitlines():
        match = FACTS_LINE.match(line)
        if match:
            params = [p.split(":", 1)[1] for p in _split_params(match.group(2)) if ":" in p]
            entries.append((match.group(1), [re.sub(r"\s+", "", p) for p in params]))
    return entries + entries_without_facts(ptx_text, entries)


def entries_without_facts(ptx_text, entries):
    """[(entry name, None)] for the kernels the PTX has no launch-facts line
    for (a 0-d array parameter has none: docs/abi.md), so that a PTX whose
    only kernel is one of them still has an entry to launch."""
    named = {name for name, _ in entries}
    return [(name, None) for name in ENTRY_LINE.findall(ptx_text) if name not in named]


def _split_params(text):
    """Splits 'a: array(float32, 1d, C), n: int64' at the commas outside
    parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:])
    return parts


def choose_entry(entries, param_types):
    """The entry to launch: the only one, or, when the kernel has a list of
    signatures (one entry each), the one whose parameter types are
    `param_types` (facts spelling). Raises LookupError otherwise."""
    if len(entries) == 1:
        return entries[0][0]
    wanted = [re.sub(r"\s+", "", t) for t in param_types]
    matching = [name for name, params in entries if params == wanted]
    if len(matching) == 1:
        return matching[0]
    raise LookupError("%d launch-facts lines in the PTX, %d with parameters (%s)"
                      % (len(entries), len(matching), ", ".join(param_types)))


class CompileCache:
    """Compiles each kernel once per run, for all the test processes: the
    PTX and the outcome live in a directory of the run, written through a
    rename so that a process never reads half a result. Two processes may
    compile one kernel at the same moment; both get the same answer."""

    def __init__(self, directory, pykc, root, extra_args=()):
        self.directory, self.pykc, self.root = directory, pykc, root
        self.extra_args = list(extra_args)
        os.makedirs(directory, exist_ok=True)

    def compile(self, key, source=None):
        """{compile, compile_message, compile_exit, ptx}: ptx is the PTX's
        path when it compiled; `source` as for compile_kernel."""
        base = os.path.join(self.directory, records.key_digest(key))
        try:
            with open(base + ".json", encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            pass
        fd, scratch = tempfile.mkstemp(suffix=".ptx", dir=self.directory)
        os.close(fd)
        os.unlink(scratch)  # pykc must create it: an empty file is no PTX
        result = compile_kernel(self.pykc, self.root, key, scratch, self.extra_args, source=source)
        result["ptx"] = None
        if result["compile"] == "ok":
            os.replace(scratch, base + ".ptx")
            result["ptx"] = base + ".ptx"
        elif os.path.exists(scratch):
            os.unlink(scratch)
        self._store(base + ".json", result)
        return result

    def _store(self, path, result):
        fd, scratch = tempfile.mkstemp(suffix=".json", dir=self.directory)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(result, f)
        os.replace(scratch, path)
