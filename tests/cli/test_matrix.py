#!/usr/bin/env python3
"""Table-driven tests of `mockd3d12 matrix`: rows run the command with
arguments (and environment) and check its exit status and output; then the
reports: JUnit (parsed with xml.etree), JSON, shards that cover the matrix
exactly once, the progress line on a terminal and none on a pipe.

usage: test_matrix.py PATH/TO/mockd3d12 PATH/TO/matrix_probe SOURCE_DIR [PATH/TO/device_lost]
       test_matrix.py --html PATH/TO/mockd3d12 PATH/TO/matrix_probe SOURCE_DIR
(device_lost, examples/device_lost.c, runs the --faults rows.)
The second form loads the --html page in headless Chromium and checks its
DOM; it exits 77 (CTest: skipped) when no chromium is installed.
"""
import html.parser
import itertools
import json
import os
import pty
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import cli_harness

html_mode = sys.argv[1] == "--html"
if html_mode:
    sys.argv.pop(1)
cli, probe, source_dir = sys.argv[1], sys.argv[2], sys.argv[3]
device_lost = sys.argv[4] if len(sys.argv) > 4 else None
report_5070 = os.path.abspath(os.path.join(source_dir, "data", "adapters", "reports", "nvidia-rtx-5070-ti.json"))

ADAPTERS = ["nvidia-rtx-4090", "warp", "fl11-minimal"]
RUNTIMES = ["retail:610", "retail:620"]
CELLS = ["--adapters", ",".join(ADAPTERS), "--runtimes", ",".join(RUNTIMES)]
PY = sys.executable
# A command that prints what XML, JSON and HTML must escape, a control
# character and a byte that is not UTF-8, then fails.
NASTY = [PY, "-c", "import sys; sys.stdout.buffer.write(b'<&>\"\\' \\x01 \\xff \\xe0\\x80\\x80 \\xed\\xa0\\x80 "
        "\\xc3\\xa9 \\xe2\\x9c\\x93 end\\n'); sys.exit(3)"]
ECHO_FAULTS = ["sh", "-c", 'echo "faults: ${MOCKD3D12_FAULTS-unset}"; exit 1']
PLANS = "none,oom@CreateCommittedResource#1,remove:hung@ExecuteCommandLists#2"
ECHO_ENV = ["sh", "-c", 'echo "cell: $MOCKD3D12_ADAPTER $MOCKD3D12_RUNTIME_KIND $MOCKD3D12_SDK_VERSION '
            '$MOCKD3D12_PREVIEW_SDK_VERSION $KEEP_ME"; exit 1']


harness = cli_harness.Harness(cli, timeout=120)
run, check = harness.run, harness.check
clean_env = cli_harness.clean_env


if html_mode:
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "matrix.html")
        rc, out, err = run(["matrix"] + CELLS + ["--html", page, "--", probe])
        check("html: the matrix ran", rc == 1, out + err)
        dom = cli_harness.browser_dom(page, tmp)

        class Cells(html.parser.HTMLParser):
            def __init__(self):
                super().__init__()
                self.cells, self.current, self.rows = [], None, 0

            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                if tag == "td" and "cell" in (a.get("class") or "").split():
                    self.current = [a.get("data-adapter"), a.get("data-runtime"), a.get("class"), ""]
                if tag == "tr":
                    self.rows += 1

            def handle_data(self, data):
                if self.current:
                    self.current[3] += data

            def handle_endtag(self, tag):
                if tag == "td" and self.current:
                    self.cells.append(self.current)
                    self.current = None

        parser = Cells()
        parser.feed(dom)
        pairs = sorted((c[0], c[1]) for c in parser.cells)
        check("html: the browser's DOM has one grid cell per adapter x runtime",
              pairs == sorted(itertools.product(ADAPTERS, RUNTIMES)), dom[:3000])
        for adapter, runtime, cls, text in parser.cells:
            expect_fail = adapter == "fl11-minimal"
            check("html: %s, %s: colour class and text mark" % (adapter, runtime),
                  ("fail" if expect_fail else "pass") in cls.split()
                  and (("FAIL exit 1" in text) if expect_fail else ("pass" in text)), text)
        check("html: each failing cell's output", dom.count("raytracing tier 0: off (needs 1_1)") == 2, dom[:3000])
        check("html: the differences and the capability behind them",
              re.search(r"D3D12_OPTIONS5\.RaytracingTier(?s:.*)D3D12_RAYTRACING_TIER_NOT_SUPPORTED(?s:.*)fl11-minimal "
                        r"\(FAIL\)", dom) is not None, dom[:3000])
        check("html: the adapters' provenance", re.search(r"<td>warp</td><td>[^<]*</td><td class=\"provenance\">dump"
                                                          r"(?s:.*)<td>fl11-minimal</td><td>[^<]*</td>"
                                                          r"<td class=\"provenance\">synthetic", dom) is not None,
              dom[-3000:])
        check("html: no script and no outside resource", "<script" not in dom and "http" not in dom.split("<body")[1],
              dom[:2000])
    harness.finish()

GRID = (r"^mockd3d12 matrix: 3 adapter\(s\) x 2 runtime\(s\): 4 passed, 2 failed\n\n"
        r"ADAPTER +retail:610 +retail:620\n"
        r"nvidia-rtx-4090 +pass +pass\n"
        r"warp +pass +pass\n"
        r"fl11-minimal +FAIL exit 1 +FAIL exit 1\n")

ROWS = [
    # (name, args, extra env, exit status, regex stdout+stderr must match, regex it must not match)
    ("help", ["matrix", "--help"], {}, 0, r"usage: mockd3d12 matrix (?s:.*)--shard I/N", None),
    ("grid: 3 adapters x 2 runtimes, exit 1 when a cell fails", ["matrix"] + CELLS + ["--", probe], {}, 1, GRID, None),
    ("each failing cell with its output", ["matrix"] + CELLS + ["--", probe], {}, 1,
     r"^--- fl11-minimal, retail:610: exit status 1 \(\d+\.\d\d s\)\nraytracing tier 0: off \(needs 1_1\)\n\n"
     r"--- fl11-minimal, retail:620: exit status 1 ", r"--- (warp|nvidia)"),
    ("the capabilities whose answers differ", ["matrix"] + CELLS + ["--", probe], {}, 1,
     r"^  retail:610: adapters differ \(passed: nvidia-rtx-4090, warp; failed: fl11-minimal\)\n(?s:.*)"
     r"^    D3D12_OPTIONS5\.RaytracingTier: D3D12_RAYTRACING_TIER_1_2 on nvidia-rtx-4090; D3D12_RAYTRACING_TIER_1_1 "
     r"on warp; D3D12_RAYTRACING_TIER_NOT_SUPPORTED on fl11-minimal$(?s:.*)^  retail:620: adapters differ",
     r"runtimes differ|D3D12CreateDevice\("),
    ("every cell passes: exit 0, no failure, no difference",
     ["matrix", "--adapters", "nvidia-rtx-4090,warp", "--runtimes", "retail:620", "--", probe], {}, 0,
     r"^nvidia-rtx-4090 +pass\nwarp +pass\n$", r"---|differ"),
    ("the cell's variables, the rest of the environment untouched",
     ["matrix", "--adapters", "warp", "--runtimes", "preview:620:725", "--", ] + ECHO_ENV,
     {"KEEP_ME": "kept", "MOCKD3D12_SDK_VERSION": "600"}, 1, r"^cell: warp preview 620 725 kept$", None),
    ("a report file: its adapter's id, the file's absolute path",
     ["matrix", "--adapters", os.path.relpath(report_5070), "--runtimes", "retail:620", "--"] + ECHO_ENV, {}, 1,
     r"^nvidia-geforce-rtx-5070-ti +FAIL exit 1$(?s:.*)^cell: %s retail 620 " % re.escape(report_5070), None),
    ("default runtime: the configured one", ["matrix", "--adapters", "warp", "--", probe],
     {"MOCKD3D12_SDK_VERSION": "616"}, 0, r"^ADAPTER +retail:616$", None),
    ("default runtime: a preview one", ["matrix", "--adapters", "warp", "--", probe],
     {"MOCKD3D12_RUNTIME_KIND": "preview"}, 0, r"^ADAPTER +preview:620:721$", None),
    ("a malformed runtime variable without --runtimes", ["matrix", "--adapters", "warp", "--", probe],
     {"MOCKD3D12_SDK_VERSION": "abc"}, 4, r"MOCKD3D12_SDK_VERSION", None),
    ("timeout: the command is killed", ["matrix", "--adapters", "warp", "--timeout", "0.5", "--", "sh", "-c",
                                        "sleep 30; echo never"], {}, 1,
     r"^warp +FAIL timeout$(?s:.*)^--- warp, retail:620: timed out after 0\.5 s \(killed\)", r"never"),
    ("a command that does not exist", ["matrix", "--adapters", "warp,fl11-minimal", "--", "/nonexistent/command"],
     {}, 1, r"^warp +FAIL not run\nfl11-minimal +FAIL not run\n(?s:.*)cannot run '/nonexistent/command': "
     r"No such file or directory", None),
    ("a command killed by a signal", ["matrix", "--adapters", "warp", "--", "sh", "-c", "kill -TERM $$"], {}, 1,
     r"^warp +FAIL signal 15$", None),
    ("sets: baselines", ["matrix", "--list", "--adapters", "baselines"], {}, 0,
     r"\Amin-fl11_0\tretail:620\tMOCKD3D12_ADAPTER=min-fl11_0\tMOCKD3D12_RUNTIME_KIND=retail\t"
     r"MOCKD3D12_SDK_VERSION=620\tMOCKD3D12_PREVIEW_SDK_VERSION=721\nmin-fl11_1\t.*\nmin-fl12_0\t.*\nmin-fl12_1\t.*\n"
     r"min-fl12_2\t.*\n\Z", None),
    ("sets: software", ["matrix", "--list", "--adapters", "software"], {}, 0,
     r"\Awarp\t.*\nwarp-nuget-1-0-19\t.*\nwarp-22621\t.*\nvulkan-lavapipe\t.*\n\Z", None),
    ("sets: hardware", ["matrix", "--list", "--adapters", "hardware"], {}, 0,
     r"^nvidia-rtx-4090\t(?s:.*)^amd-rx-580\t(?s:.*)^nextgen\t", r"^warp|^vulkan-lavapipe"),
    ("sets: dumps (real reports, whole or partial)", ["matrix", "--list", "--adapters", "dumps"], {}, 0,
     r"^nvidia-rtx-4090\t(?s:.*)^warp-nuget-1-0-19\t", r"^amd-rx-580\t|^nextgen\t|^fl11-minimal\t"),
    ("sets: all, duplicates once", ["matrix", "--list", "--adapters", "warp,all,warp", "--runtimes",
                                    "retail:610,retail:610"], {}, 0, r"\Awarp\tretail:610\t.*\nnvidia-rtx-4090\t",
     r"(?s:warp\t.*^warp\t)"),
    ("--list of a shard", ["matrix", "--list", "--shard", "2/2"] + CELLS, {}, 0,
     r"\Anvidia-rtx-4090\tretail:620\t.*\nwarp\tretail:620\t.*\nfl11-minimal\tretail:620\t.*\n\Z", None),
    ("a shard's grid", ["matrix", "--shard", "1/2"] + CELLS + ["--", probe], {}, 1,
     r"^mockd3d12 matrix: 3 adapter\(s\) x 2 runtime\(s\), shard 1/2: 3 of 6 cells: 2 passed, 1 failed\n\n"
     r"ADAPTER +retail:610 +retail:620\nnvidia-rtx-4090 +pass +-\nwarp +pass +-\nfl11-minimal +FAIL exit 1 +-$", None),
    ("more shards than cells: an empty shard passes", ["matrix", "--adapters", "warp", "--shard", "2/2", "--", probe],
     {}, 0, r"shard 2/2: 0 of 1 cells: 0 passed, 0 failed", None),
    ("usage: no command", ["matrix"] + CELLS, {}, 2, r"needs a command after '--'", None),
    ("usage: --shard I > N", ["matrix", "--shard", "3/2", "--", probe], {}, 2, r"--shard needs I/N .*got '3/2'", None),
    ("usage: --shard 0/2", ["matrix", "--shard", "0/2", "--", probe], {}, 2, r"--shard needs I/N", None),
    ("usage: --jobs 0", ["matrix", "--jobs", "0", "--", probe], {}, 2, r"--jobs needs a number .*got '0'", None),
    ("usage: --timeout -1", ["matrix", "--timeout", "-1", "--", probe], {}, 2, r"--timeout needs seconds", None),
    ("usage: --timeout without a value", ["matrix", "--timeout"], {}, 2, r"--timeout needs a value", None),
    ("usage: a bad runtime", ["matrix", "--runtimes", "retail:620,bogus:1", "--", probe], {}, 2,
     r"--runtimes needs KIND\[:SDK\[:PREVIEW\]\] .*got 'bogus:1'", None),
    ("usage: a runtime the library refuses", ["matrix", "--runtimes", "retail:0", "--", probe], {}, 2,
     r"invalid runtime 'retail:0': .*sdk_version 0 is not a retail SDK version", None),
    ("usage: an unexpected argument", ["matrix", "--frobnicate", "--", probe], {}, 2,
     r"unexpected argument '--frobnicate'", None),
    ("usage: an empty adapter item", ["matrix", "--adapters", "warp,,nextgen", "--", probe], {}, 2,
     r"--adapters has an empty item", None),
    ("an unknown adapter", ["matrix", "--adapters", "warp,no-such-gpu", "--", probe], {}, 3,
     r"'no-such-gpu' is no adapter id, set", None),
    ("no directory for the traces", ["matrix", "--adapters", "warp", "--", probe], {"TMPDIR": "/nonexistent/tmp"}, 4,
     r"cannot make a directory for the traces in /nonexistent/tmp: No such file or directory", None),
    ("--help after -- is the command's", ["matrix", "--adapters", "warp", "--", "sh", "-c", "exit 0", "--help"], {}, 0,
     r"^warp +pass$", r"usage:"),
    ("a report that cannot be written", ["matrix", "--adapters", "warp", "--junit", "/nonexistent/dir/j.xml", "--",
                                         probe], {}, 4, r"--junit /nonexistent/dir/j\.xml: cannot write the file", None),
    # Fault plans as a third axis (docs/faults.md).
    ("--faults: each cell's MOCKD3D12_FAULTS, 'none' unsets the caller's",
     ["matrix", "--adapters", "warp", "--faults", "none,oom@CreateFence#1", "--"] + ECHO_FAULTS,
     {"MOCKD3D12_FAULTS": "oom@CreateFence#9"}, 1,
     r"^--- warp, retail:620 faults=none: exit status 1 \(.*\)\nfaults: unset\n\n"
     r"--- warp, retail:620 faults=oom@CreateFence#1: exit status 1 \(.*\)\nfaults: oom@CreateFence#1$", None),
    ("without --faults the caller's plan goes on", ["matrix", "--adapters", "warp", "--"] + ECHO_FAULTS,
     {"MOCKD3D12_FAULTS": "oom@CreateFence#9"}, 1, r"^faults: oom@CreateFence#9$", None),
    ("--list with --faults: MOCKD3D12_FAULTS per cell, empty for 'none'",
     ["matrix", "--list", "--adapters", "warp", "--runtimes", "retail:616,retail:620", "--faults",
      "none,oom@CreateFence#1"], {}, 0,
     r"\Awarp\tretail:616\tMOCKD3D12_ADAPTER=warp\t.*\tMOCKD3D12_PREVIEW_SDK_VERSION=721\tMOCKD3D12_FAULTS=\n"
     r"warp\tretail:616\t.*\tMOCKD3D12_FAULTS=oom@CreateFence#1\nwarp\tretail:620\t.*\tMOCKD3D12_FAULTS=\n"
     r"warp\tretail:620\t.*\tMOCKD3D12_FAULTS=oom@CreateFence#1\n\Z", None),
    ("--list without --faults: no MOCKD3D12_FAULTS", ["matrix", "--list", "--adapters", "warp"],
     {"MOCKD3D12_FAULTS": "oom@CreateFence#9"}, 0, r"\Awarp\tretail:620\t", r"MOCKD3D12_FAULTS"),
    ("usage: a plan the library refuses, with its located reason",
     ["matrix", "--adapters", "warp", "--faults", "none,oom@Bogus#1", "--", probe], {}, 2,
     r"mockd3d12_set_faults:1:5: unknown method \"Bogus\"(?s:.*)--faults: invalid plan 'oom@Bogus#1'", None),
    ("usage: an empty plan item", ["matrix", "--adapters", "warp", "--faults", "none,", "--", probe], {}, 2,
     r"--faults has an empty item", None),
]
if device_lost:
    ROWS.append(("--faults: the plans' cells in the grid, a crash and a hang",
                 ["matrix", "--adapters", "warp", "--faults", PLANS, "--timeout", "1", "--", device_lost, "wrong"], {},
                 1, r"^mockd3d12 matrix: 1 adapter\(s\) x 1 runtime\(s\) x 3 fault plan\(s\): 1 passed, 2 failed\n\n"
                 r"ADAPTER +retail:620 faults=none +retail:620 faults=oom@CreateCommittedResource#1 +retail:620 "
                 r"faults=remove:hung@ExecuteCommandLists#2\nwarp +pass +FAIL signal 11 +FAIL timeout$", None))
    ROWS.append(("--faults: the careful path passes every plan",
                 ["matrix", "--adapters", "warp", "--faults", PLANS, "--timeout", "5", "--", device_lost, "correct"],
                 {}, 1, r"^warp +pass +FAIL exit 1 +FAIL exit 1$", None))

# docs/matrix.md shows examples/matrix/CMakeLists.txt as it is (its opening comment left out).
with open(os.path.join(source_dir, "examples", "matrix", "CMakeLists.txt")) as f:
    example = "".join(itertools.dropwhile(lambda line: line.startswith("#"), f))
with open(os.path.join(source_dir, "docs", "matrix.md"), encoding="utf-8") as f:
    check("docs/matrix.md shows examples/matrix/CMakeLists.txt", "```cmake\n" + example + "```\n" in f.read())

for name, args, env, code, pattern, antipattern in ROWS:
    rc, out, err = run(args, env)
    text = out + err
    ok = rc == code and re.search(pattern, text, re.M) is not None
    if antipattern and re.search(antipattern, text, re.M):
        ok = False
    check("%s (exit %d, want %d)" % (name, rc, code), ok, text)

with tempfile.TemporaryDirectory() as tmp:
    # The timeout kills the cell's whole process group: no wait for the sleep.
    start = time.monotonic()
    run(["matrix", "--adapters", "warp", "--timeout", "0.5", "--", "sh", "-c", "sleep 30 & sleep 30"])
    check("timeout: the group is killed, the matrix does not wait", time.monotonic() - start < 10)

    # --jobs: 4 cells of 1 s each, 4 at a time, take about 1 s; 1 at a time about 4 s.
    sleeper = ["sh", "-c", "sleep 1"]
    start = time.monotonic()
    rc, out, _ = run(["matrix", "--adapters", "warp,nextgen,fl11-minimal,nvidia-rtx-4090", "--jobs", "4", "--"]
                     + sleeper)
    parallel = time.monotonic() - start
    start = time.monotonic()
    run(["matrix", "--adapters", "warp,nextgen,fl11-minimal,nvidia-rtx-4090", "--jobs", "1", "--"] + sleeper)
    serial = time.monotonic() - start
    check("--jobs 4 runs 4 cells at once, --jobs 1 one (%.1f s, %.1f s)" % (parallel, serial),
          rc == 0 and parallel < 3.5 and serial >= 4)

    junit, js, page = (os.path.join(tmp, n) for n in ("m.xml", "m.json", "m.html"))
    rc, out, err = run(["matrix"] + CELLS + ["--junit", junit, "--json", js, "--html", page, "--", probe])
    check("reports: exit 1", rc == 1, out + err)
    suites = ET.parse(junit).getroot()
    cases = suites.findall("./testsuite/testcase")
    check("junit: one test case per cell, classname the adapter, name the runtime",
          sorted((c.get("classname"), c.get("name")) for c in cases) == sorted(itertools.product(ADAPTERS, RUNTIMES)))
    check("junit: the counts", suites.get("tests") == "6" and suites.get("failures") == "2"
          and suites.find("testsuite").get("failures") == "2")
    failures = [(c.get("classname"), c.find("failure")) for c in cases if c.find("failure") is not None]
    check("junit: the failures are fl11-minimal's, text the output", sorted(f[0] for f in failures) ==
          ["fl11-minimal", "fl11-minimal"] and all(f[1].get("message") == "exit status 1"
                                                   and f[1].text == "raytracing tier 0: off (needs 1_1)\n"
                                                   for f in failures))
    check("junit: passing cells carry their output", all(c.find("system-out").text.startswith("raytracing tier")
                                                         for c in cases))
    data = json.load(open(js))
    check("json: cells, status, exit code, duration", len(data["cells"]) == 6 and all(
        c["status"] == ("failed" if c["adapter"] == "fl11-minimal" else "passed") and c["exitCode"] ==
        (1 if c["adapter"] == "fl11-minimal" else 0) and 0 <= c["durationSeconds"] < 30 for c in data["cells"]))
    check("json: summary", data["summary"] == {"cells": 6, "passed": 4, "failed": 2})
    check("json: adapters with their provenance",
          [(a["id"], a["confidence"], a["software"]) for a in data["adapters"]] ==
          [("nvidia-rtx-4090", "dump", False), ("warp", "dump", True), ("fl11-minimal", "synthetic", False)])
    check("json: runtimes", [(r["name"], r["kind"], r["sdkVersion"]) for r in data["runtimes"]] ==
          [("retail:610", "retail", 610), ("retail:620", "retail", 620)])
    tiers = {(c["adapter"], c["runtime"]): c["capabilitiesRead"].get("D3D12_OPTIONS5.RaytracingTier")
             for c in data["cells"]}
    check("json: what each cell read, from its own trace", tiers[("warp", "retail:610")] == "D3D12_RAYTRACING_TIER_1_1"
          and tiers[("nvidia-rtx-4090", "retail:620")] == "D3D12_RAYTRACING_TIER_1_2"
          and tiers[("fl11-minimal", "retail:620")] == "D3D12_RAYTRACING_TIER_NOT_SUPPORTED", str(tiers))
    diffs = data["differences"]
    check("json: differences per runtime column", [(d.get("runtime"), d["differ"]) for d in diffs] ==
          [("retail:610", "adapters"), ("retail:620", "adapters")] and diffs[0]["capabilities"][
              "D3D12_OPTIONS5.RaytracingTier"] == {"D3D12_RAYTRACING_TIER_1_2": ["nvidia-rtx-4090"],
                                                   "D3D12_RAYTRACING_TIER_1_1": ["warp"],
                                                   "D3D12_RAYTRACING_TIER_NOT_SUPPORTED": ["fl11-minimal"]}, str(diffs))
    text = open(page, encoding="utf-8").read()
    check("html: written, one grid cell per adapter x runtime", text.count('<td class="cell ') == 6)

    # Shards cover the matrix exactly once, for 2 and 3 shards.
    for n in (2, 3):
        seen = []
        for i in range(1, n + 1):
            path = os.path.join(tmp, "shard%d-%d.json" % (i, n))
            run(["matrix", "--shard", "%d/%d" % (i, n)] + CELLS + ["--json", path, "--", probe])
            seen.append({(c["adapter"], c["runtime"]) for c in json.load(open(path))["cells"]})
        union = set().union(*seen)
        check("shards 1..%d/%d: disjoint, together every cell" % (n, n),
              union == set(itertools.product(ADAPTERS, RUNTIMES)) and sum(len(s) for s in seen) == 6, str(seen))

    # --faults: the plan in each cell's name and report.
    rc, out, err = run(["matrix", "--adapters", "warp,fl11-minimal", "--faults", "none,oom@CreateFence#1", "--junit",
                        junit, "--json", js, "--"] + ECHO_FAULTS)
    cases = ET.parse(junit).getroot().findall("./testsuite/testcase")
    check("--faults junit: a case per adapter x runtime x plan, the plan in its name",
          sorted((c.get("classname"), c.get("name")) for c in cases) == sorted(itertools.product(
              ["warp", "fl11-minimal"], ["retail:620 faults=none", "retail:620 faults=oom@CreateFence#1"])), out + err)
    data = json.load(open(js))
    check("--faults json: the plans, and each cell's plan, name and runtime",
          data["faults"] == [None, "oom@CreateFence#1"] and [r["name"] for r in data["runtimes"]] == ["retail:620"]
          and sorted((c["adapter"], c["runtime"], str(c["faults"]), c["name"]) for c in data["cells"]) == sorted(
              (a, "retail:620", str(p), "retail:620 faults=" + (p or "none")) for a in ("warp", "fl11-minimal")
              for p in (None, "oom@CreateFence#1")), json.dumps(data)[:3000])

    # Output that XML, JSON and HTML must escape, not UTF-8, with a control character.
    rc, out, err = run(["matrix", "--adapters", "warp", "--junit", junit, "--json", js, "--html", page, "--"] + NASTY)
    case = ET.parse(junit).getroot().find("./testsuite/testcase")
    # Each byte that starts no well-formed sequence is '?': a control character, 0xff, an
    # overlong form, a surrogate; UTF-8 (e-acute, a check mark) stays.
    clean = "<&>\"' ? ? ??? ??? \u00e9 \u2713 end\n"
    check("junit: output escaped and made valid", rc == 1 and case.find("failure").text == clean
          and case.find("failure").get("message") == "exit status 3", out + err)
    check("json: the same text", json.load(open(js))["cells"][0]["output"] == clean)
    check("html: the same text, escaped", "&lt;&amp;&gt;&quot;&#39; ? ? ??? ??? \u00e9 \u2713 end"
          in open(page, encoding="utf-8").read())

    # Interrupted: the running cells are killed, no trace is left, exit 128 + SIGINT.
    traces = os.path.join(tmp, "traces")
    os.mkdir(traces)
    p = subprocess.Popen([cli, "matrix", "--adapters", "warp,nextgen", "--", "sh", "-c", "sleep 30"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=clean_env({"TMPDIR": traces}))
    time.sleep(1)
    p.send_signal(2)
    out, err = p.communicate(timeout=20)
    check("interrupted: exit 130, the cells killed, no trace left",
          p.returncode == 130 and b"interrupted; the cells still running were killed" in err
          and os.listdir(traces) == [], "%d %r %r" % (p.returncode, err, os.listdir(traces)))

    # A terminal sees progress on stderr; a pipe sees none.
    master, slave = pty.openpty()
    p = subprocess.run([cli, "matrix"] + CELLS + ["--", probe], stdout=subprocess.PIPE, stderr=slave,
                       env=clean_env(), timeout=60)
    os.close(slave)
    tty = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            tty += chunk
    except OSError:
        pass
    os.close(master)
    check("progress on a terminal: cells done of total, failures so far",
          b"6 of 6 cells done, 2 failed" in tty and b"0 of 6 cells done" in tty, repr(tty))
    rc, out, err = run(["matrix"] + CELLS + ["--", probe])
    check("no progress on a pipe", "cells done" not in err and "cells done" not in out, err)

harness.finish()
