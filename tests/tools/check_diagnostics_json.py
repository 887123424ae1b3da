#!/usr/bin/env python3
"""Checks pykc's machine-readable diagnostics with Python's json module and
prints one summary line per diagnostic, for FileCheck:

    LEVEL RULE FILE:LINE:COLUMN-END_LINE:END_COLUMN MESSAGE

Usage: check_diagnostics_json.py --sarif|--json < DIAGNOSTICS.
--sarif: standard input is one SARIF 2.1.0 document, of the shape clang
writes (version, $schema, runs[0].tool.driver{name, version}, results with
ruleId, level, message.text, locations[].physicalLocation{artifactLocation
.uri, region{startLine, startColumn, ...}}). --json: one JSON object per
line (docs/diagnostics.md lists the fields). Exits 1, saying why, where the
shape is wrong."""
import json
import sys


def fail(why):
    print("FAIL:", why)
    sys.exit(1)


def need(obj, key, kind, where):
    if not isinstance(obj, dict) or key not in obj:
        fail(f"{where}: no '{key}'")
    if not isinstance(obj[key], kind):
        fail(f"{where}: '{key}' is {type(obj[key]).__name__}, not {kind.__name__}")
    return obj[key]


def check_sarif(text):
    doc = json.loads(text)
    if need(doc, "version", str, "document") != "2.1.0":
        fail("version is not 2.1.0")
    if not need(doc, "$schema", str, "document").endswith("sarif-schema-2.1.0.json"):
        fail("$schema is not SARIF 2.1.0's")
    runs = need(doc, "runs", list, "document")
    if len(runs) != 1:
        fail(f"{len(runs)} runs, not 1")
    driver = need(need(runs[0], "tool", dict, "run"), "driver", dict, "tool")
    print("TOOL", need(driver, "name", str, "driver"), need(driver, "version", str, "driver"))
    for i, result in enumerate(need(runs[0], "results", list, "run")):
        where = f"result {i}"
        rule = need(result, "ruleId", str, where)
        level = need(result, "level", str, where)
        if level not in ("error", "warning", "note", "none"):
            fail(f"{where}: level '{level}'")
        message = need(need(result, "message", dict, where), "text", str, where)
        place = "-"
        for location in result.get("locations", []):
            physical = need(location, "physicalLocation", dict, where)
            uri = need(need(physical, "artifactLocation", dict, where), "uri", str, where)
            region = need(physical, "region", dict, where)
            numbers = [need(region, key, int, where) for key in ("startLine", "startColumn", "endLine", "endColumn")]
            if min(numbers) < 1:
                fail(f"{where}: a line or column below 1")
            place = f"{uri}:{numbers[0]}:{numbers[1]}-{numbers[2]}:{numbers[3]}"
        print(level, rule, place, message)


def check_json(text):
    for n, line in enumerate(text.splitlines(), 1):
        where = f"line {n}"
        obj = json.loads(line)
        level = need(obj, "level", str, where)
        message = need(obj, "message", str, where)
        rule = need(obj, "option", str, where) if "option" in obj else "-"
        place = "-"
        if "file" in obj:
            numbers = [need(obj, key, int, where) for key in ("line", "column", "end_line", "end_column")]
            place = f"{need(obj, 'file', str, where)}:{numbers[0]}:{numbers[1]}-{numbers[2]}:{numbers[3]}"
        print(level, rule, place, message)


def main():
    text = sys.stdin.read()
    if sys.argv[1:] == ["--sarif"]:
        check_sarif(text)
    elif sys.argv[1:] == ["--json"]:
        check_json(text)
    else:
        fail("usage: check_diagnostics_json.py --sarif|--json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
