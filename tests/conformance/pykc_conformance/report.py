"""`harness.py report`: what a run (or a recompile) says about pykc, per
kernel. A kernel is one function with one signature that numba-cuda
compiled and launched: the records of its launches share (file, line,
qualname, sig). Each kernel gets one outcome:

  correct       pykc compiled it and every checked launch matched Numba's
                results (bit for bit, or close: compare.py)
  mismatch      pykc compiled it and a launch gave other results
  launch-error  pykc's PTX did not load, launch or finish
  error         pykc refused it (or crashed): its first error line says why
  timeout       pykc did not finish compiling it
  unverified    pykc compiled it but no launch was compared (too big,
                cooperative without CuPy support, a harness error, or the
                compile outcome changed since the run: "stale")
  unsupported   the harness could not give it to pykc (an argument type it
                cannot spell, or source that is not a file of the checkout)

expected.txt may say a kernel is `nondeterministic` (float atomics, random
numbers, races): then any launch that ran counts as correct, whatever the
comparison said. Its other outcomes only state what is known, and the
report counts the kernels and records that differ from it."""
import collections
import fnmatch

from . import exec_kernels, records

OUTCOMES = ("correct", "mismatch", "launch-error", "error", "timeout", "unverified", "unsupported")
EXPECTABLE = OUTCOMES + ("nondeterministic",)
WRONG = ("mismatch", "launch-error")
REJECTED = ("error", "timeout")
DETAIL_CHARS = 400


class Expectation:
    """One line of expected.txt: FILE QUALNAME OUTCOME REASON..., FILE and
    QUALNAME being fnmatch patterns."""

    def __init__(self, number, file, qualname, outcome, reason):
        self.number, self.file, self.qualname = number, file, qualname
        self.outcome, self.reason = outcome, reason
        self.used = False

    def matches(self, key):
        return fnmatch.fnmatchcase(key[0], self.file) and fnmatch.fnmatchcase(key[2], self.qualname)


def read_expected(path):
    """The entries of expected.txt; '#' starts a comment line."""
    entries = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            words = line.split(None, 3)
            if not words or words[0].startswith("#"):
                continue
            if len(words) < 3 or words[2] not in EXPECTABLE:
                raise SystemExit("%s:%d: expected 'FILE QUALNAME OUTCOME REASON...' with OUTCOME one of %s"
                                 % (path, number, ", ".join(EXPECTABLE)))
            entries.append(Expectation(number, words[0], words[1], words[2],
                                       words[3].strip() if len(words) > 3 else ""))
    return entries


class Kernel:
    """A kernel's records and its outcome."""

    def __init__(self, key, launches):
        self.key, self.launches = key, launches
        self.compile = launches[-1].get("compile")
        self.expected = None
        self.outcome = self.measured_outcome()

    def ran(self):
        """The run results of launches that were compared with this compile."""
        return [r.get("run") for r in self.launches if not r.get("stale")]

    def measured_outcome(self):
        if self.compile in ("unsupported-type", "no-source"):
            return "unsupported"
        if self.compile != "ok":
            return "timeout" if self.compile == "timeout" else "error"
        runs = self.ran()
        if len(runs) != len(self.launches) or not runs:
            return "unverified"
        for bad in WRONG:
            if bad in runs:
                return bad
        return "correct" if all(r in ("match", "close") for r in runs) else "unverified"

    def all_compared(self):
        """Whether pykc's kernel ran and was compared at every launch."""
        runs = self.ran()
        return (self.compile == "ok" and len(runs) == len(self.launches) > 0
                and all(r in ("match", "close", "mismatch") for r in runs))

    def apply(self, expectation):
        """Notes the expected.txt entry; a nondeterministic kernel whose
        launches all ran counts as correct."""
        self.expected = expectation
        expectation.used = True
        if expectation.outcome == "nondeterministic" and self.all_compared():
            self.outcome = "correct"

    def differs_from_expected(self):
        if self.expected is None:
            return False
        if self.expected.outcome == "nondeterministic":
            # what varies is a compiled kernel's results: a rejection is
            # listed as one, not as a difference
            return self.compile == "ok" and self.outcome != "correct"
        return self.outcome != self.expected.outcome

    def reason(self):
        """Why it is not correct: pykc's first error line, or the first
        launch's problem."""
        if self.outcome in ("error", "timeout", "unsupported"):
            text = self.launches[-1].get("compile_message") or self.compile
        else:
            bad = [r for r in self.launches if r.get("run") == self.outcome]
            bad = bad or [r for r in self.launches if r.get("run") not in ("match", "close") or r.get("stale")]
            first = bad[0] if bad else self.launches[0]
            text = "%s: %s" % ("stale" if first.get("stale") else first.get("run"), first.get("run_detail"))
        text = " ".join(str(text).split())
        return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS] + "..."

    def group(self):
        """Its row of the per-file table: its file, or for a function
        compiled from a string "<string> (the test module that built it)"."""
        return exec_kernels.report_group(self.key[0], self.launches[-1].get("source"))

    def name(self):
        file, line, qualname, sig = self.key[:4]
        return "`%s:%s` `%s` `%s`" % (file, line, qualname, sig)


def group_kernels(all_records, expectations):
    """Kernels in the order first recorded, each with its expected.txt entry
    (the first that matches)."""
    launches = collections.OrderedDict()
    for record in all_records:
        launches.setdefault(records.kernel_key(record), []).append(record)
    kernels = [Kernel(key, recs) for key, recs in launches.items()]
    for kernel in kernels:
        for expectation in expectations:
            if expectation.matches(kernel.key):
                kernel.apply(expectation)
                break
    return kernels


def plural(n, word, words=None):
    return "%d %s" % (n, word if n == 1 else words or word + "s")


def percent(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "n/a"


def summary_lines(kernels, expectations, n_records):
    count = collections.Counter(k.outcome for k in kernels)
    total = len(kernels)
    compiled = sum(1 for k in kernels if k.compile == "ok")
    nondet = [k for k in kernels if k.expected and k.expected.outcome == "nondeterministic"]
    differ = [k for k in kernels if k.differs_from_expected()]
    with_source = sum(1 for k in kernels if k.compile != "no-source")
    return [
        "- launch records: %d" % n_records,
        "- kernels: %d" % total,
        "- compiled by pykc: %d (%s)" % (compiled, percent(compiled, total)),
        "- give numba's results: %d" % count["correct"],
        "- rate: %s (%d of %d kernels give numba's results)" % (percent(count["correct"], total), count["correct"], total),
        "- rate over kernels with a source file: %s (%d of %d; the others are code Numba generates "
        "and runs through exec, as @cuda.vectorize does, or kernels loaded from its cache)"
        % (percent(count["correct"], with_source), count["correct"], with_source),
        "- pykc rejects: %d; wrong results: %d; compiled but not verified: %d; not given to pykc: %d"
        % (sum(count[o] for o in REJECTED), sum(count[o] for o in WRONG), count["unverified"], count["unsupported"]),
        "- nondeterministic (expected.txt): %s, counted as correct when every launch ran, "
        "whatever the comparison said" % plural(len(nondet), "kernel"),
        "- expected.txt: %s, %d matching no kernel; %s (%s) differ from it"
        % (plural(len(expectations), "entry", "entries"), sum(1 for e in expectations if not e.used),
           plural(len(differ), "kernel"), plural(sum(len(k.launches) for k in differ), "launch record")),
    ]


def file_table(kernels):
    rows = collections.OrderedDict()
    for kernel in sorted(kernels, key=lambda k: k.group()):
        row = rows.setdefault(kernel.group(), [0, 0, 0])
        row[0] += 1
        row[1] += kernel.compile == "ok"
        row[2] += kernel.outcome == "correct"
    lines = ["| file | kernels | compiled | correct | rate |", "| --- | ---: | ---: | ---: | ---: |"]
    for file, (n, compiled, correct) in rows.items():
        lines.append("| %s | %d | %d | %d | %s |" % (file, n, compiled, correct, percent(correct, n)))
    return lines


def common_reasons(kernels, shown=20):
    """pykc's error messages by how many kernels they stop, without their
    locations: what to work on first."""
    counts = collections.Counter(k.reason().split("error: ", 1)[-1] for k in kernels if k.outcome in REJECTED)
    if not counts:
        return []
    lines = ["", "## Most common reasons pykc rejects a kernel", "", "| kernels | message |", "| ---: | --- |"]
    return lines + ["| %d | %s |" % (n, message.replace("|", "\\|")) for message, n in counts.most_common(shown)]


def kernel_section(title, kernels):
    if not kernels:
        return []
    ordered = sorted(kernels, key=lambda k: (k.key[0], k.key[1] or 0, k.key[2], k.key[3]))
    return ["", "## %s (%d)" % (title, len(kernels)), ""] + [
        "- %s: %s" % (k.name(), k.reason()) for k in ordered]


def expected_section(kernels, expectations):
    lines = ["- %s: expected %s (expected.txt line %d), got %s" % (
        k.name(), k.expected.outcome, k.expected.number, k.outcome) for k in kernels if k.differs_from_expected()]
    lines += ["- expected.txt line %d (%s %s) matches no kernel" % (e.number, e.file, e.qualname)
              for e in expectations if not e.used]
    return ["", "## Differences from expected.txt (%d)" % len(lines), ""] + lines if lines else []


def render(path, all_records, expectations):
    kernels = group_kernels(all_records, expectations)
    lines = ["# pykc conformance: numba-cuda's tests", "", "Records: %s" % path, ""]
    lines += summary_lines(kernels, expectations, len(all_records))
    lines += ["", "## Per test file", ""] + file_table(kernels)
    lines += common_reasons(kernels)
    lines += kernel_section("pykc rejects", [k for k in kernels if k.outcome in REJECTED])
    lines += kernel_section("wrong results", [k for k in kernels if k.outcome in WRONG])
    lines += kernel_section("compiled, not verified", [k for k in kernels if k.outcome == "unverified"])
    lines += kernel_section("not given to pykc", [k for k in kernels if k.outcome == "unsupported"])
    lines += expected_section(kernels, expectations)
    return "\n".join(lines) + "\n"


def run_report(args):
    expectations = read_expected(args.expected) if args.expected else []
    text = render(args.records, records.read_records(args.records), expectations)
    print(text, end="")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 0
