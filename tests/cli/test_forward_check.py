#!/usr/bin/env python3
"""Table-driven tests of `mockd3d12 forward-check`: rows run it over a
program and check its exit status and output — examples/forward-check's ray
tracer with the seed's `==` bug (flagged, the field named) and its `>=`
correction (passed), tests/cli/forward_probe.c's exact flags check, constant
output, printed value, crash and CheckFeatureSupport1 call, a command that
creates no device, a profile
file, a preview runtime, usage errors — then the JUnit file (one case per
adapter x field raise), no file left behind, and --jobs 1.

usage: test_forward_check.py CLI RAY_TRACER_EXACT RAY_TRACER FORWARD_PROBE SOURCE_DIR
       test_forward_check.py --html CLI RAY_TRACER_EXACT RAY_TRACER FORWARD_PROBE SOURCE_DIR
The second form loads the --html page in headless Chromium and checks its
DOM; it exits 77 (CTest: skipped) when no chromium is installed.
"""
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import cli_harness

html_mode = sys.argv[1] == "--html"
if html_mode:
    sys.argv.pop(1)
cli, exact, fixed, probe, source_dir = sys.argv[1:6]
report_5070 = os.path.abspath(os.path.join(source_dir, "data", "adapters", "reports", "nvidia-rtx-5070-ti.json"))
ARROW, DASH = "\u2192", "\u2014"


harness = cli_harness.Harness(cli, timeout=240)
run, check = harness.run, harness.check
clean_env = cli_harness.clean_env


EXACT_MESSAGE = ("D3D12_OPTIONS5.RaytracingTier 1_1 %s 1_2: exit 0 %s 1, lost \"raytracing: on\", got \"raytracing: "
                 "off\" as at 1_0 %s an exact-value check? (CheckFeatureSupport1 with SDK 620 would not hide this "
                 "value)" % (ARROW, ARROW, DASH))
UNPUBLISHED_MESSAGE = ("D3D12_OPTIONS5.RaytracingTier 1_1 %s 13 (unpublished): exit 0 %s 1, lost \"raytracing: on\", "
                       "got \"raytracing: off\" as at 1_0 %s an exact-value check? (CheckFeatureSupport1 with SDK 620 "
                       "would hide this value)" % (ARROW, ARROW, DASH))

if html_mode:
    with tempfile.TemporaryDirectory() as tmp:
        page, junit = os.path.join(tmp, "fc.html"), os.path.join(tmp, "fc.xml")
        rc, out, err = run(["forward-check", "--adapters", "warp,fl11-minimal", "--html", page, "--junit", junit,
                            "--", exact])
        check("html: forward-check ran and found the regression", rc == 1, out + err)
        dom = cli_harness.browser_dom(page, tmp)

        class Raises(html.parser.HTMLParser):
            def __init__(self):
                super().__init__()
                self.rows, self.verdicts, self.current, self.adapter = [], [], None, None

            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                if tag == "section" and "adapter" in (a.get("class") or "").split():
                    self.adapter = a.get("data-adapter")
                if tag == "tr" and "raise" in (a.get("class") or "").split():
                    self.rows.append([self.adapter, a.get("data-field"), a.get("data-verdict")])
                if tag == "td" and "verdict" in (a.get("class") or "").split():
                    self.current = [a.get("class"), ""]

            def handle_data(self, data):
                if self.current:
                    self.current[1] += data

            def handle_endtag(self, tag):
                if tag == "td" and self.current:
                    self.verdicts.append(self.current)
                    self.current = None

        parser = Raises()
        parser.feed(dom)
        cases = ET.parse(junit).getroot().findall(".//testcase")
        check("html: the browser's DOM has one row per adapter x field raise (as the JUnit cases)",
              len(parser.rows) == len(cases) and len(cases) > 0
              and sorted((r[0], r[1]) for r in parser.rows) == sorted((c.get("classname"), c.get("name").split(" ")[0])
                                                                     for c in cases), dom[:3000])
        regressions = [r for r in parser.rows if r[2] == "regression"]
        check("html: the two regressions are warp's RaytracingTier",
              regressions == [["warp", "D3D12_OPTIONS5.RaytracingTier", "regression"]] * 2, repr(parser.rows))
        check("html: each verdict has a colour class and a text mark",
              all(("regression" in c.split() and "\u2717 REGRESSION" in t) or ("pass" in c.split()
                  and "\u2713 no regression" in t) for c, t in parser.verdicts) and len(parser.verdicts) == len(cases),
              repr(parser.verdicts))
        check("html: the lines back from the lower value, CheckFeatureSupport1's answer and the outputs",
              "raytracing: off" in dom and "would hide this value" in dom and "Baseline output" in dom, dom[:3000])
        check("html: no script and no outside resource", "<script" not in dom and "http" not in dom.split("<body")[1],
              dom[:2000])
    harness.finish()

ROWS = [
    # name, args, env, exit status, regex the output must match, regex it must not match
    ("the seed's bug: an == tier check is flagged, the field named", ["--adapters", "warp", "--", exact], {}, 1,
     r"^mockd3d12 forward-check: 1 adapter\(s\) on retail:620 \(before the CheckFeatureSupport1 cutoff\): "
     r"4 raise\(s\) of 3 field\(s\) read, 2 regression\(s\)\n\nwarp: baseline exit 0; 3 field\(s\) read, 4 raise\(s\), "
     r"2 regression\(s\)\n  " + re.escape(EXACT_MESSAGE) + r"\n  " + re.escape(UNPUBLISHED_MESSAGE) + r"\n$", None),
    ("the corrected >= check passes on every kind of adapter",
     ["--adapters", "warp,nvidia-rtx-4090,fl11-minimal,nextgen,min-fl12_2", "--", fixed], {}, 0,
     r"^mockd3d12 forward-check: 5 adapter\(s\) .*: \d+ raise\(s\) of 15 field\(s\) read, 0 regression\(s\)\n", r"\u2192"),
    ("an exact flags check is flagged", ["--adapters", "fl11-minimal", "--", probe, "flags-exact"], {}, 1,
     r"  SHADER_CACHE\.SupportFlags D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO \u2192 D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO \| "
     r"D3D12_SHADER_CACHE_SUPPORT_LIBRARY: exit 0 \u2192 0, lost \"pso cache: on\", got \"pso cache: off\" as at "
     r"D3D12_SHADER_CACHE_SUPPORT_NONE \u2014 an exact-value check\? \(CheckFeatureSupport1 with SDK 620 would not "
     r"hide this value\)\n", None),
    ("output that does not depend on the capabilities: no regression",
     ["--adapters", "warp,fl11-minimal,nextgen", "--", probe, "constant"], {}, 0,
     r"^mockd3d12 forward-check: 3 adapter\(s\) .*: \d+ raise\(s\) of 12 field\(s\) read, 0 regression\(s\)\n",
     r"\u2192"),
    ("a program that prints the value it read does not regress",
     ["--adapters", "warp,nvidia-rtx-4090,nextgen", "--", probe, "value"], {}, 0, r", 0 regression\(s\)\n", r"\u2192"),
    ("a crash at a value above every published one regresses by its exit status",
     ["--adapters", "warp", "--", probe, "crash-unknown"], {}, 1,
     r"  D3D12_OPTIONS5\.RaytracingTier 1_1 \u2192 13 \(unpublished\): exit 0 \u2192 signal 6, lost \"raytracing tier "
     r"11\" \u2014 an exact-value check\? \(CheckFeatureSupport1 with SDK 620 would hide this value\)\n",
     r"1_1 \u2192 1_2"),
    ("a baseline that fails already: its own failure is no regression", ["--adapters", "nvidia-rtx-4090", "--", exact],
     {}, 0, r"nvidia-rtx-4090: baseline exit 1; 3 field\(s\) read, 3 raise\(s\), 0 regression\(s\)\n", None),
    ("a command that creates no device: nothing to raise", ["--adapters", "warp", "--", "sh", "-c", "echo hello"], {},
     0, r"warp: baseline exit 0; the command read no capability \(no CheckFeatureSupport answer in its trace\): "
     r"nothing to raise\n", None),
    ("the program's SDK version from the runtime: SDK 610 hides no published tier before the cutoff",
     ["--adapters", "warp", "--runtime", "retail:610", "--", exact], {}, 1,
     r"on retail:610 .*\n(?s:.*)1_1 \u2192 1_2: exit 0 \u2192 1, .*\(CheckFeatureSupport1 with SDK 610 would not hide "
     r"this value\)\n(?s:.*)1_1 \u2192 13 \(unpublished\): .*\(CheckFeatureSupport1 with SDK 610 would hide this "
     r"value\)\n", None),
    ("the program's SDK version from what it passes to CheckFeatureSupport1 (a probe run on the configured runtime)",
     ["--adapters", "warp", "--", probe, "cfs1-616"], {}, 1,
     r"1_1 \u2192 1_2: exit 0 \u2192 1, .*\(CheckFeatureSupport1 with SDK 616 would not hide this value\)\n"
     r"  .*1_1 \u2192 13 \(unpublished\): .*\(CheckFeatureSupport1 with SDK 616 would hide this value\)\n", None),
    ("a preview runtime", ["--adapters", "warp", "--runtime", "preview:620:721", "--", exact], {}, 1,
     r"on preview:620:721 (?s:.*)\(CheckFeatureSupport1 with SDK 721 would not hide this value\)", None),
    ("the configured runtime from the environment", ["--adapters", "warp", "--", exact],
     {"MOCKD3D12_SDK_VERSION": "616"}, 1, r"on retail:616 (?s:.*)CheckFeatureSupport1 with SDK 616", None),
    ("a D3d12info report as the adapter: its derived profiles inherit its dump",
     ["--adapters", report_5070, "--", probe, "value"], {}, 0,
     r"nvidia-geforce-rtx-5070-ti: baseline exit 0; 4 field\(s\) read, \d+ raise\(s\), 0 regression\(s\)\n",
     r"mockd3d12:|no device"),
    ("help", ["--help"], {}, 0, r"usage: mockd3d12 forward-check \[--adapters LIST\] \[--runtime R\]", None),
    ("usage: no command", ["--adapters", "warp"], {}, 2, r"needs a command after '--'", None),
    ("usage: an unexpected argument", ["--frobnicate", "--", exact], {}, 2,
     r"unexpected argument '--frobnicate' \(the command comes after '--'\)", None),
    ("usage: --jobs 0", ["--jobs", "0", "--", exact], {}, 2, r"--jobs needs a number .*got '0'", None),
    ("usage: --timeout without a value", ["--timeout"], {}, 2, r"--timeout needs a value", None),
    ("usage: a bad runtime", ["--runtime", "bogus:1", "--", exact], {}, 2,
     r"--runtime needs KIND\[:SDK\[:PREVIEW\]\] .*got 'bogus:1'", None),
    ("usage: a runtime the library refuses", ["--runtime", "retail:0", "--", exact], {}, 2,
     r"--runtime: invalid runtime 'retail:0'", None),
    ("usage: an empty adapter item", ["--adapters", "warp,,nextgen", "--", exact], {}, 2,
     r"--adapters has an empty item", None),
    ("an unknown adapter", ["--adapters", "no-such-gpu", "--", exact], {}, 3,
     r"--adapters: 'no-such-gpu' is no adapter id", None),
    ("a command that cannot be started", ["--adapters", "warp", "--", "/nonexistent/program"], {}, 4,
     r"cannot run '/nonexistent/program'", None),
    ("a malformed runtime variable", ["--adapters", "warp", "--", exact], {"MOCKD3D12_SDK_VERSION": "abc"}, 4,
     r"MOCKD3D12_SDK_VERSION=\"abc\" is invalid", None),
]

for name, args, env, status, pattern, anti in ROWS:
    rc, out, err = run(["forward-check"] + args, env)
    text = out + err
    check(name, rc == status and re.search(pattern, text) is not None and (anti is None or not re.search(anti, out)),
          "exit %d (expected %d)\n%s" % (rc, status, text))

with tempfile.TemporaryDirectory() as tmp:
    # JUnit: one case per adapter x field raise, the regressions failures.
    junit = os.path.join(tmp, "fc.xml")
    traces = os.path.join(tmp, "traces")
    os.mkdir(traces)
    rc, out, err = run(["forward-check", "--adapters", "warp,fl11-minimal", "--junit", junit, "--", exact],
                       {"TMPDIR": traces})
    suite = ET.parse(junit).getroot()
    cases = suite.findall(".//testcase")
    failures = [c for c in cases if c.find("failure") is not None]
    names = sorted((c.get("classname"), c.get("name")) for c in cases)
    check("junit: one case per adapter x field raise, classname the adapter",
          rc == 1 and ("warp", "D3D12_OPTIONS5.RaytracingTier 1_1 %s 1_2" % ARROW) in names
          and ("fl11-minimal", "D3D12_OPTIONS5.RaytracingTier NOT_SUPPORTED %s 1_0" % ARROW) in names
          and len(cases) == 4 + 5 and suite.get("tests") == "9", repr(names))
    check("junit: the regressions are the failures, with the message",
          sorted(f.find("failure").get("message") for f in failures) == sorted([EXACT_MESSAGE, UNPUBLISHED_MESSAGE])
          and suite.get("failures") == "2" and "raytracing: off" in failures[0].find("failure").text,
          ET.tostring(suite, encoding="unicode")[:3000])
    check("no trace, profile or directory left behind", os.listdir(traces) == [], repr(os.listdir(traces)))

    # --jobs 1 gives the same report as the default.
    rc1, out1, _ = run(["forward-check", "--adapters", "warp,fl11-minimal", "--jobs", "1", "--", exact])
    check("--jobs 1: the same report", rc1 == rc and out1 == out, out1 + "\n---\n" + out)

    # A profile file of the user's, and MOCKD3D12_PROFILE_PATH kept for the runs.
    dump = json.loads(subprocess.run([cli, "caps", "--adapter", "warp", "--json"], stdout=subprocess.PIPE,
                                     env=clean_env()).stdout)
    dump["id"] = "my-warp"
    dump["adapter"].pop("luid", None)
    profiles = os.path.join(tmp, "profiles")
    os.mkdir(profiles)
    with open(os.path.join(profiles, "my-warp.json"), "w") as f:
        json.dump(dump, f)
    rc, out, err = run(["forward-check", "--adapters", os.path.join(profiles, "my-warp.json"), "--", exact])
    check("a profile file as the adapter", rc == 1 and "my-warp: baseline exit 0" in out
          and EXACT_MESSAGE in out, out + err)
    rc, out, err = run(["forward-check", "--adapters", "my-warp", "--", exact], {"MOCKD3D12_PROFILE_PATH": profiles})
    check("an adapter of MOCKD3D12_PROFILE_PATH by id", rc == 1 and "my-warp: baseline exit 0" in out
          and EXACT_MESSAGE in out, out + err)

harness.finish()
