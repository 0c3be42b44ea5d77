#!/usr/bin/env python3
"""Line and branch coverage of mockd3d12's own sources from a --coverage build.

Usage: coverage_report.py BUILD_DIR SOURCE_DIR [--markdown] [--floor FILE] [--uncovered PREFIX]

Runs gcov (JSON output, branch counts) over every .gcda under BUILD_DIR and
reports, per source file of the libraries and the CLI (src/**, tools/cli/**, and
the generated C the build compiles into them), the lines executed and the
branches taken at least once, then the totals of src/ and of everything. Files
compiled into several objects (headers with inline functions) are merged line by
line. Test programs, the benchmark, the examples and system headers are left out.

--floor FILE     exits 2 when src/'s line or branch percentage is below the
                 floor FILE states (lines "lines PCT" and "branches PCT"; '#'
                 starts a comment; tests/coverage/floor.txt)
--uncovered P    then lists, for every file whose name starts with P, each line
                 never executed or with a branch never taken (gcov's branch
                 counts in source order), to see what a test still has to reach
"""
import collections
import glob
import json
import os
import subprocess
import sys


def gcov_json(gcda):
    """gcov's JSON for one .gcda (one document per line of stdout)."""
    result = subprocess.run(["gcov", "--json-format", "--stdout", "--branch-probabilities",
                             "--object-directory", os.path.dirname(gcda), gcda],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False, text=True)
    for line in result.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            yield json.loads(line)


def classify(path, source_dir, build_dir):
    """The name a file is reported under, or None when it is not ours."""
    path = os.path.realpath(path)
    gen = os.path.join(build_dir, "generated") + os.sep
    if path.startswith(gen):
        return "generated/" + path[len(gen):]
    if path.startswith(source_dir + os.sep):
        rel = path[len(source_dir) + 1:]
        if rel.startswith("src/") or rel.startswith("tools/cli/"):
            return rel
    return None


def option_value(options, name):
    """The argument after `name` in `options`, or None."""
    if name not in options:
        return None
    i = options.index(name)
    if i + 1 >= len(options):
        raise SystemExit("coverage_report: %s needs an argument" % name)
    return options[i + 1]


def read_floor(path):
    """{"lines": pct, "branches": pct} from a floor file."""
    floor = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 2 or words[0] not in ("lines", "branches"):
                raise SystemExit("coverage_report: %s:%d: expected 'lines PCT' or 'branches PCT'" % (path, number))
            try:
                floor[words[0]] = float(words[1])
            except ValueError:
                raise SystemExit("coverage_report: %s:%d: %r is not a percentage" % (path, number, words[1]))
    if set(floor) != {"lines", "branches"}:
        raise SystemExit("coverage_report: %s: states no %s floor" % (path, "line" if "lines" not in floor
                                                                       else "branch"))
    return floor


def list_uncovered(lines, prefix, source_dir):
    """Every line of the files under `prefix` not executed or with a branch never taken."""
    for name in sorted(n for n in lines if n.startswith(prefix)):
        path = os.path.join(source_dir, name)
        text = []
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read().splitlines()
        for number in sorted(lines[name]):
            count, branches = lines[name][number]
            if count and all(branches):
                continue
            code = text[number - 1].strip() if number <= len(text) else ""
            what = "never executed" if not count else "branches %s" % ",".join(
                "%d" % b if b else "-" for b in branches)
            print("%s:%d: %s: %s" % (name, number, what, code))


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    build_dir = os.path.realpath(sys.argv[1])
    source_dir = os.path.realpath(sys.argv[2])
    options = sys.argv[3:]
    markdown = "--markdown" in options
    floor_path = option_value(options, "--floor")
    uncovered = option_value(options, "--uncovered")
    floor = read_floor(floor_path) if floor_path else None

    # file -> line -> [count, [branch counts]]
    lines = collections.defaultdict(dict)
    # Objects of test programs, the benchmark and the fuzzers are not measured
    # (a generated .inc they include would otherwise count as ours).
    skip = tuple(os.path.join(build_dir, d) + os.sep for d in ("tests", "bench", "fuzz"))
    gcdas = sorted(g for g in glob.glob(os.path.join(build_dir, "**", "*.gcda"), recursive=True)
                   if not g.startswith(skip))
    if not gcdas:
        raise SystemExit("coverage_report: no .gcda under %s (build with -DMOCKD3D12_COVERAGE=ON, run the tests)"
                         % build_dir)
    for gcda in gcdas:
        for doc in gcov_json(gcda):
            for f in doc.get("files", []):
                name = f["file"]
                if not os.path.isabs(name):
                    name = os.path.join(doc.get("current_working_directory", build_dir), name)
                name = classify(name, source_dir, build_dir)
                if not name:
                    continue
                for ln in f["lines"]:
                    branches = [b["count"] for b in ln["branches"] if not b.get("throw")]
                    seen = lines[name].get(ln["line_number"])
                    if seen is None:
                        lines[name][ln["line_number"]] = [ln["count"], branches]
                        continue
                    seen[0] += ln["count"]
                    if len(seen[1]) == len(branches):
                        seen[1] = [a + b for a, b in zip(seen[1], branches)]
                    elif len(branches) > len(seen[1]):
                        seen[1] = branches

    rows = []
    total = [0, 0, 0, 0]
    src_total = [0, 0, 0, 0]
    for name in sorted(lines):
        data = lines[name].values()
        nlines = len(data)
        hit = sum(1 for c, _ in data if c > 0)
        nbr = sum(len(b) for _, b in data)
        taken = sum(1 for _, b in data for c in b if c > 0)
        rows.append((name, hit, nlines, taken, nbr))
        for i, v in enumerate((hit, nlines, taken, nbr)):
            total[i] += v
            if name.startswith("src/"):
                src_total[i] += v

    def pct(a, b):
        return "%.1f%%" % (100.0 * a / b) if b else "-"

    if markdown:
        print("| File | Lines | Line % | Branches | Branch % |")
        print("|---|---:|---:|---:|---:|")
        for name, hit, nlines, taken, nbr in rows:
            print("| %s | %d/%d | %s | %d/%d | %s |" % (name, hit, nlines, pct(hit, nlines), taken, nbr,
                                                       pct(taken, nbr)))
        print("| **src/** | %d/%d | **%s** | %d/%d | **%s** |" % (src_total[0], src_total[1],
                                                                  pct(src_total[0], src_total[1]), src_total[2],
                                                                  src_total[3], pct(src_total[2], src_total[3])))
        print("| **Total** | %d/%d | **%s** | %d/%d | **%s** |" % (total[0], total[1], pct(total[0], total[1]),
                                                                   total[2], total[3], pct(total[2], total[3])))
    else:
        width = max(len(r[0]) for r in rows + [("Total", 0, 0, 0, 0)])
        print("%-*s %13s %7s %13s %7s" % (width, "File", "Lines", "%", "Branches", "%"))
        for name, hit, nlines, taken, nbr in rows:
            print("%-*s %13s %7s %13s %7s" % (width, name, "%d/%d" % (hit, nlines), pct(hit, nlines),
                                              "%d/%d" % (taken, nbr), pct(taken, nbr)))
        for label, t in (("src/", src_total), ("Total", total)):
            print("%-*s %13s %7s %13s %7s" % (width, label, "%d/%d" % (t[0], t[1]), pct(t[0], t[1]),
                                              "%d/%d" % (t[2], t[3]), pct(t[2], t[3])))
    if uncovered is not None:
        list_uncovered(lines, uncovered, source_dir)
    if floor:
        measured = {"lines": 100.0 * src_total[0] / src_total[1] if src_total[1] else 0.0,
                    "branches": 100.0 * src_total[2] / src_total[3] if src_total[3] else 0.0}
        below = [k for k in ("lines", "branches") if measured[k] < floor[k]]
        for k in below:
            print("coverage_report: src/ %s %.2f%% is below the floor %.1f%% (%s)" % (k, measured[k], floor[k],
                                                                                    floor_path))
        if below:
            sys.exit(2)
        print("coverage_report: src/ lines %.2f%%, branches %.2f%%: at or above the floor (%.1f%%, %.1f%%)"
              % (measured["lines"], measured["branches"], floor["lines"], floor["branches"]))


if __name__ == "__main__":
    main()
