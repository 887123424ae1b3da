#!/usr/bin/env python3
"""`pykc --help` and `pykc --man` come from one table
(driver/option_table.def): every option and section of one is in the other,
in the same order. Usage: help_man_match.py PYKC. Prints one line per
problem and "N options checked" last; exits 1 on any problem."""
import re
import subprocess
import sys


def main():
    pykc = sys.argv[1]
    help_text = subprocess.run([pykc, "--help"], capture_output=True, text=True, check=True).stdout
    man = subprocess.run([pykc, "--man"], capture_output=True, text=True, check=True).stdout
    help_items = []
    for line in help_text.splitlines():
        if re.match(r"^[A-Z][A-Za-z ]*:$", line):
            help_items.append(("section", line[:-1]))
        elif re.match(r"^  -", line):
            # the spelling ends at two spaces, or at the line's end
            help_items.append(("option", re.split(r"\s{2,}", line.strip())[0]))
    man_items = []
    lines = man.split("\n.SH OPTIONS\n", 1)[1].split("\n.SH ", 1)[0].splitlines()
    for i, line in enumerate(lines):
        if line.startswith(".SS "):
            man_items.append(("section", line[4:]))
        elif line == ".TP" and i + 1 < len(lines) and lines[i + 1].startswith(".B "):
            man_items.append(("option", lines[i + 1][3:].replace("\\-", "-").replace("\\e", "\\")))
    problems = []
    if help_items != man_items:
        for a, b in zip(help_items, man_items):
            if a != b:
                problems.append(f"--help has {a}, --man has {b}")
                break
        if len(help_items) != len(man_items):
            problems.append(f"--help has {len(help_items)} entries, --man {len(man_items)}")
    for p in problems:
        print("FAIL:", p)
    print(f"{sum(1 for kind, _ in help_items if kind == 'option')} options checked")
    return 1 if problems or not help_items else 0


if __name__ == "__main__":
    sys.exit(main())
