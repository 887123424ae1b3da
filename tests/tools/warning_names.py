#!/usr/bin/env python3
"""Every warning name the compiler can print (the NAME of each
diag_warning(diag, at, "NAME", ...) call in its sources) must be listed by
`pykc --help` and in docs/diagnostics.md's Warnings table, and the help
must list no name the sources never use.

Usage: warning_names.py PYKC REPO_ROOT. Prints one line per problem and
"N warning names checked" last; exits 1 on any problem."""
import glob
import os
import re
import subprocess
import sys


def third_argument(text, start):
    """The third top-level argument of the call whose '(' is at start."""
    depth, args, current, i = 0, [], "", start + 1
    while i < len(text) and len(args) < 3:
        c = text[i]
        if c == '"':
            end = text.index('"', i + 1)
            current += text[i:end + 1]
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(current)
                break
            depth -= 1
        if c == "," and depth == 0:
            args.append(current)
            current = ""
        else:
            current += c
        i += 1
    return args[2].strip() if len(args) >= 3 else ""


def source_names(root):
    names = set()
    define = re.compile(r'^#define\s+([A-Z_][A-Z0-9_]*)\s+"([a-z0-9-]+)"', re.M)
    for folder in ("base", "lexer", "parser", "sema", "analysis", "codegen", "driver"):
        for path in glob.glob(os.path.join(root, folder, "*.[ch]")) + glob.glob(os.path.join(root, folder, "*.re")):
            text = open(path, encoding="utf-8").read()
            macros = dict(define.findall(text))
            for call in re.finditer(r"\bdiag_warning\s*\(", text):
                if text[:call.start()].rstrip().endswith("void"):
                    continue   # the declaration
                arg = third_argument(text, call.end() - 1)
                if arg.startswith('"'):
                    names.add(arg.strip('"'))
                elif arg in macros:
                    names.add(macros[arg])
    return names


def main():
    pykc, root = sys.argv[1], sys.argv[2]
    names = source_names(root)
    help_text = subprocess.run([pykc, "--help"], capture_output=True, text=True).stdout
    # the lines after -Wno-NAME's, up to the end of its section
    listed = re.split(r"^  -Wno-NAME .*$", help_text, maxsplit=1, flags=re.M)[1].split("\n\n", 1)[0]
    help_names = set(re.findall(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+", listed))
    table = open(os.path.join(root, "docs", "diagnostics.md"), encoding="utf-8").read()
    doc_names = set(re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M))
    problems = [f"'{n}' is not listed by pykc --help" for n in sorted(names - help_names)]
    problems += [f"'{n}' is listed by pykc --help but no source uses it" for n in sorted(help_names - names)]
    problems += [f"'{n}' has no row in docs/diagnostics.md's Warnings table" for n in sorted(names - doc_names)]
    for p in problems:
        print("FAIL:", p)
    print(f"{len(names)} warning names checked")
    return 1 if problems or not names else 0


if __name__ == "__main__":
    sys.exit(main())
